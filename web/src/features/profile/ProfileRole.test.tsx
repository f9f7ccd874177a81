import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dictionaries } from '@/shared/i18n/all';
import { api, mockFetch, renderApp, user } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

// The stored role (Usuario, Administrador) is data, kept as the seed stores
// it; Profile shows its name in the user's language.
describe.each([
  ['es', 'SWITCH_TO_SPANISH'],
  ['en', 'SWITCH_TO_ENGLISH'],
  ['fr', 'SWITCH_TO_FRENCH'],
] as const)('Profile in %s', (lang, languagePreference) => {
  it.each(['Administrador', 'Usuario'] as const)('names the role %s in the language shown', async (rol) => {
    mockFetch(api({ ...user, rol, languagePreference }));
    renderApp('/profile', lang);
    const d = dictionaries[lang];
    // The administration's strings are in the account part, merged in but not in the type.
    const roles = (d.admin as unknown as { users: { roles: Record<string, string> } }).users.roles;
    // The first render of the file loads the page's chunks: more time than the default under a loaded machine.
    expect(await screen.findByText(`${d.profile.rol}: ${roles[rol]}`, undefined, { timeout: 15_000 })).toBeInTheDocument();
  });
});
