import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, mockFetch, renderApp, user, type Handler } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * A server where the password is right and two-step verification is on: the
 * sign-in answers 202, and second answers the code. Once it answers a user,
 * GET /api/v1/me does too (the session cookie would be set).
 */
function twoFactorServer(second: (body: Record<string, string>) => { status: number; body?: unknown }) {
  let me: unknown = null;
  const handler: Handler = (url, init) => {
    if (url === '/api/v1/auth/login') return { status: 202, body: { twoFactorRequired: true } };
    if (url === '/api/v1/auth/login/two-factor') {
      const r = second(JSON.parse(String(init?.body)) as Record<string, string>);
      if (r.status === 200) me = r.body;
      return r;
    }
    return api(me)(url, init);
  };
  return mockFetch(handler);
}

const signedIn = { ...user, languagePreference: 'SWITCH_TO_ENGLISH', twoFactor: true };

async function passwordStep() {
  await userEvent.type(await screen.findByLabelText(/Email/), 'ana@example.com');
  await userEvent.type(screen.getByLabelText(/Password/), 'mango-river-42');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return screen.findByRole('heading', { name: 'Two-step verification' });
}

describe('signing in with two-step verification', () => {
  it('asks for the code after the password (202), and the code signs in', async () => {
    const fetch = twoFactorServer(() => ({ status: 200, body: signedIn }));
    const { pathname } = renderApp('/login', 'en');
    await passwordStep();
    const code = screen.getByRole('textbox', { name: '6-digit code' });
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    // The app shows "123 456"; Enter submits.
    await userEvent.type(code, '123 456{Enter}');
    expect(await screen.findByRole('heading', { name: 'Hello, Ana' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
    const sent = fetch.mock.calls.find(([u]) => u === '/api/v1/auth/login/two-factor');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ code: '123456' });
  });

  it('takes a recovery code instead, and goes back to the app’s code', async () => {
    const fetch = twoFactorServer((b) =>
      b.recoveryCode === 'abcde-fghjk' ? { status: 200, body: signedIn } : { status: 422, body: { status: 422, code: 'invalid' } },
    );
    renderApp('/login', 'en');
    await passwordStep();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.queryByRole('textbox', { name: '6-digit code' })).not.toBeInTheDocument();
    const recovery = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(recovery).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Use the authenticator app instead' }));
    expect(screen.getByRole('textbox', { name: '6-digit code' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Recovery code' }), ' abcde-fghjk ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Hello, Ana' })).toBeInTheDocument();
    const sent = fetch.mock.calls.find(([u]) => u === '/api/v1/auth/login/two-factor');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ recoveryCode: 'abcde-fghjk' });
  });

  it('says a wrong or used code is wrong, and asks for a code before calling the server', async () => {
    const fetch = twoFactorServer(() => ({ status: 422, body: { status: 422, code: 'invalid', errors: [{ field: 'code', code: 'mismatch' }] } }));
    renderApp('/login', 'en');
    await passwordStep();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => u === '/api/v1/auth/login/two-factor')).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: '6-digit code' }), '000000{Enter}');
    expect(await screen.findByText('The code is wrong or was already used')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
  });

  it('goes back to the password when the challenge expired, with the reason', async () => {
    twoFactorServer(() => ({ status: 401, body: { status: 401, code: 'two_factor_expired' } }));
    renderApp('/login', 'en');
    await passwordStep();
    await userEvent.type(screen.getByRole('textbox', { name: '6-digit code' }), '123456{Enter}');
    expect(await screen.findByRole('heading', { name: 'Take control of your money' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in took too long. Sign in again.');
    expect(screen.getByLabelText(/Email/)).toHaveValue('ana@example.com');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText(/Password/)).toHaveFocus());
  });

  it('says that five wrong codes ended the sign-in, not that it took too long', async () => {
    twoFactorServer(() => ({ status: 401, body: { status: 401, code: 'two_factor_attempts' } }));
    renderApp('/login', 'en');
    await passwordStep();
    await userEvent.type(screen.getByRole('textbox', { name: '6-digit code' }), '000000{Enter}');
    expect(await screen.findByRole('heading', { name: 'Take control of your money' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Five wrong codes ended this sign-in. Sign in again with your password.');
    expect(screen.getByLabelText(/Email/)).toHaveValue('ana@example.com');
  });

  it('says how many minutes to wait after too many wrong codes (429 with Retry-After)', async () => {
    twoFactorServer(() => ({ status: 429, body: { status: 429, code: 'rate_limited' }, headers: { 'Retry-After': '120' } }));
    renderApp('/login', 'fr');
    await userEvent.type(await screen.findByLabelText(/Email/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/Mot de passe/), 'mango-river-42');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await screen.findByRole('heading', { name: 'Validation en deux étapes' });
    await userEvent.type(screen.getByRole('textbox', { name: /6 chiffres/ }), '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de tentatives. Patientez 2 minutes puis réessayez.');
  });

  it('says how long the password step must wait, in Spanish too', async () => {
    mockFetch((url) =>
      url === '/api/v1/auth/login' ? { status: 429, body: { status: 429, code: 'rate_limited' }, headers: { 'Retry-After': '60' } } : api(null)(url),
    );
    renderApp('/login', 'es');
    await userEvent.type(await screen.findByLabelText(/Email/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/Contraseña/), 'wrong-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos. Espera 1 minuto y vuelve a intentarlo.');
  });

  it('Back returns to the email and password', async () => {
    twoFactorServer(() => ({ status: 200, body: signedIn }));
    renderApp('/login', 'es');
    await userEvent.type(await screen.findByLabelText(/Email/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/Contraseña/), 'mango-river-42');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    const card = (await screen.findByRole('heading', { name: 'Verificación en dos pasos' })).closest('main')!;
    expect(within(card).getByText('Escribe el código de 6 cifras de tu app de autenticación.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Volver' }));
    expect(await screen.findByRole('heading', { name: 'Toma el control de tu dinero' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue('ana@example.com');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
