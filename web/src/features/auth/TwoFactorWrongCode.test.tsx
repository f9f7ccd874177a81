import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dictionaries } from '@/shared/i18n/all';
import { api, mockFetch, renderApp } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

// A wrong two-step code is said once, precisely, under the field: not also
// with the generic "some fields need attention" alert above the form.
describe.each(['es', 'en', 'fr'] as const)('a wrong two-step code in %s', (lang) => {
  it('shows only the precise message', async () => {
    mockFetch((url, init) => {
      if (url === '/api/v1/auth/login') return { status: 202, body: { twoFactorRequired: true } };
      if (url === '/api/v1/auth/login/two-factor')
        return { status: 422, body: { status: 422, code: 'invalid', errors: [{ field: 'code', code: 'mismatch' }] } };
      return api(null)(url, init);
    });
    const d = dictionaries[lang];
    renderApp('/login', lang);
    await userEvent.type(await screen.findByLabelText(new RegExp(d.login.email)), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(new RegExp(d.login.password)), 'mango-river-42');
    await userEvent.click(screen.getByRole('button', { name: d.login.signIn }));
    await userEvent.type(await screen.findByRole('textbox', { name: d.twoFactor.code }), '000000{Enter}');
    expect(await screen.findByText(d.twoFactor.codeMismatch)).toBeInTheDocument();
    expect(screen.queryByText(d.errors.invalid)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
