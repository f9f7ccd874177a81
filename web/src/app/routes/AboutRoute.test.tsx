import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, mockFetch, renderApp, user } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

const meta = (build: unknown) => ({
  status: 200,
  body: { version: '1.0.0', build, supportEmail: '', analyticsId: '', signupEnabled: true, passwordResetByEmail: false, passkeys: false },
});

describe('About', () => {
  it('keeps "Version 1.0" and names the build in small print', async () => {
    mockFetch(
      api({ ...user, languagePreference: 'SWITCH_TO_ENGLISH' }, (url) =>
        url.startsWith('/api/v1/meta') ? meta({ commit: '5e83b64a1f2c', date: '2026-11-28' }) : undefined,
      ),
    );
    renderApp('/about', 'en');
    // The file's first render loads the app's shell and the About route (lazy) and the English
    // dictionary: on a busy 2-core machine that took longer than findBy's 5 s.
    expect(await screen.findByText('Build 1.0.0, commit 5e83b64a1f2c', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Version 1.0')).toBeInTheDocument();
  });
  it('shows no build line when the commit is unknown', async () => {
    mockFetch(
      api({ ...user, languagePreference: 'SWITCH_TO_SPANISH' }, (url) => (url.startsWith('/api/v1/meta') ? meta({ commit: '', date: '' }) : undefined)),
    );
    renderApp('/about', 'es');
    expect(await screen.findByRole('heading', { name: 'Acerca de' })).toBeInTheDocument();
    expect(screen.getByText('Version 1.0')).toBeInTheDocument();
    expect(screen.queryByText(/Compilación/)).not.toBeInTheDocument();
  });
});
