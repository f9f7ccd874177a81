import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, mockFetch, renderApp, type Handler } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

type Write = { url: string; body: unknown };

/** Signed out; the link tok-1 is for ana@example.com while `valid`; POSTs are kept in writes. */
function server({ valid = true, extra = (() => undefined) as Handler, passwordResetByEmail = false } = {}) {
  const writes: Write[] = [];
  mockFetch(
    api(null, (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'POST') writes.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = extra(url, init);
      if (answer) return answer;
      if (url === '/api/v1/meta')
        return { status: 200, body: { version: '1.0.0', supportEmail: '', analyticsId: '', signupEnabled: true, passwordResetByEmail } };
      if (url === '/api/v1/auth/password-reset/tok-1') {
        if (!valid) return { status: 404, body: { status: 404, code: 'reset_link_invalid' } };
        return method === 'GET' ? { status: 200, body: { email: 'ana@example.com' } } : { status: 204 };
      }
      if (url === '/api/v1/auth/password-reset' && method === 'POST') return { status: 202 };
      return undefined;
    }),
  );
  return writes;
}

describe('a password-reset link’s page', () => {
  it('asks for a new password for the link’s account, sets it, then offers to sign in', async () => {
    const writes = server();
    const { pathname } = renderApp('/login/reset?token=tok-1', 'en');
    expect(await screen.findByText('Choose a new password for ana@example.com.')).toBeInTheDocument();
    const field = screen.getByLabelText(/^New password/);
    expect(screen.getByText('At least 8 characters')).toBeInTheDocument();
    await userEvent.type(field, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText('Too short')).toBeInTheDocument();
    expect(writes).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, 'lantern-meadow-73');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByRole('heading', { name: 'Your password is set' })).toBeInTheDocument();
    expect(writes).toEqual([{ url: '/api/v1/auth/password-reset/tok-1', body: { newPassword: 'lantern-meadow-73' } }]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Take control of your money' })).toBeInTheDocument();
  });

  it('a weak password is refused in words, on the field', async () => {
    server({
      extra: (url, init) =>
        url === '/api/v1/auth/password-reset/tok-1' && init?.method === 'POST'
          ? { status: 400, body: { status: 400, code: 'invalid', errors: [{ field: 'newPassword', code: 'weak' }] } }
          : undefined,
    });
    renderApp('/login/reset?token=tok-1', 'en');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText('Too easy to guess: use a longer, less common password')).toBeInTheDocument();
  });

  it('an unknown, used or expired link says so, with a way back to sign in', async () => {
    server({ valid: false });
    renderApp('/login/reset?token=tok-1', 'es');
    expect(await screen.findByRole('heading', { name: 'Este enlace no funciona' })).toBeInTheDocument();
    expect(screen.getByText('Ya se usó, ha caducado o lo ha sustituido un enlace más reciente. Pide uno nuevo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText(/^Contraseña nueva/)).toBeNull();
  });

  it('a link without a token is no link', async () => {
    server();
    renderApp('/login/reset', 'fr');
    expect(await screen.findByRole('heading', { name: 'Ce lien ne fonctionne pas' })).toBeInTheDocument();
  });
});

describe('“Forgot your password?” on the login page', () => {
  it('without email on the server, says to ask the administrator', async () => {
    const writes = server();
    renderApp('/login', 'en');
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    expect(await screen.findByText(/^This server does not send email\. Ask your administrator for a password-reset link/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('with email, sends the link and always says the same', async () => {
    const writes = server({ passwordResetByEmail: true });
    renderApp('/login', 'en');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    // The email typed on the sign-in form is kept.
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('If an account uses this email, we sent it a link that works for an hour.')).toBeInTheDocument();
    expect(writes).toEqual([{ url: '/api/v1/auth/password-reset', body: { email: 'nobody@example.com' } }]);
  });

  it('a disabled account’s sign-in says so', async () => {
    server({
      extra: (url, init) =>
        url === '/api/v1/auth/login' && init?.method === 'POST' ? { status: 403, body: { status: 403, code: 'account_disabled' } } : undefined,
    });
    renderApp('/login', 'en');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'bea@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'mango-river-42');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This account is disabled. Ask an administrator to enable it again.')).toBeInTheDocument();
  });

  it('and so does a provider’s sign-in that comes back with ?error=account_disabled', async () => {
    server();
    renderApp('/login?error=account_disabled', 'en');
    expect(await screen.findByText('This account is disabled. Ask an administrator to enable it again.')).toBeInTheDocument();
  });
});
