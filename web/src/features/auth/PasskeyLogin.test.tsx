import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAuthentication } from '@simplewebauthn/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, mockFetch, renderApp, setSessionHint, user, type Handler } from '@/test/render';

// The browser's side of WebAuthn: what the device answers is the test's to say.
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(startAuthentication).mockReset();
  setSessionHint(true);
});

const signedIn = { ...user, languagePreference: 'SWITCH_TO_ENGLISH' };
const meta = (passkeys: boolean) => ({ version: '1.0.0', supportEmail: '', analyticsId: '', signupEnabled: passkeys, passwordResetByEmail: false, passkeys });
/** go-webauthn's request options: no credential named, the device offers its passkeys for this site. */
const options = { publicKey: { challenge: 'Y2hhbGxlbmdl', timeout: 300000, rpId: 'localhost', userVerification: 'required' } };
/** What the browser answers (AuthenticationResponseJSON), passed on untouched. */
const credential = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'dXNlci1oYW5kbGU' },
  clientExtensionResults: {},
};

/**
 * A signed-out browser at a server with passkeys on (or off); answer says
 * what POST /api/v1/auth/passkey answers. Once it answers a user, GET
 * /api/v1/me does too (the session cookie would be set).
 */
function passkeyServer(answer: { status: number; body?: unknown } = { status: 200, body: signedIn }, passkeys = true) {
  setSessionHint(false);
  let me: unknown = null;
  const handler: Handler = (url, init) => {
    if (url.startsWith('/api/v1/meta')) return { status: 200, body: meta(passkeys) };
    if (url === '/api/v1/auth/passkey/options') return { status: 200, body: options };
    if (url === '/api/v1/auth/passkey') {
      if (answer.status === 200) {
        me = answer.body;
        setSessionHint(true);
      }
      return answer;
    }
    return api(me)(url, init);
  };
  const fetch = mockFetch(handler);
  const posted = () => fetch.mock.calls.filter(([u]) => u === '/api/v1/auth/passkey').map(([, i]) => JSON.parse(String(i?.body)) as unknown);
  return { fetch, posted };
}

const button = () => screen.findByRole('button', { name: 'Sign in with a passkey' });

describe('signing in with a passkey', () => {
  it('asks the server for options, the browser for the passkey, and signs in with its answer: no email, no password', async () => {
    const { fetch, posted } = passkeyServer();
    vi.mocked(startAuthentication).mockResolvedValue(credential as never);
    const { pathname } = renderApp('/login', 'en');
    await userEvent.click(await button());
    expect(await screen.findByRole('heading', { name: 'Hello, Ana' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
    expect(fetch.mock.calls.filter(([u]) => u === '/api/v1/auth/passkey/options')).toHaveLength(1);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: options.publicKey });
    expect(posted()).toEqual([{ credential }]);
    expect(fetch.mock.calls.some(([u]) => u === '/api/v1/auth/login')).toBe(false);
  });

  it('says a passkey the server does not take (removed, or too late) was not accepted, and a disabled account', async () => {
    passkeyServer({ status: 401, body: { status: 401, code: 'passkey_failed' } });
    vi.mocked(startAuthentication).mockResolvedValue(credential as never);
    renderApp('/login', 'en');
    await userEvent.click(await button());
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey was not accepted');
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();

    vi.restoreAllMocks();
    passkeyServer({ status: 403, body: { status: 403, code: 'account_disabled' } });
    await userEvent.click(await button());
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is disabled. Ask an administrator to enable it again.');
  });

  it('says calmly that no passkey was used when the browser’s dialog is closed', async () => {
    const { posted } = passkeyServer();
    vi.mocked(startAuthentication).mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    renderApp('/login', 'en');
    await userEvent.click(await button());
    expect(await screen.findByRole('alert')).toHaveTextContent('No passkey was used: the request was cancelled or took too long.');
    expect(posted()).toEqual([]);
  });

  it('offers the passkey to the email field’s autofill, and no passkey button when signing up', async () => {
    passkeyServer();
    renderApp('/login', 'en');
    await button();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('autocomplete', 'username webauthn');
    await userEvent.click(screen.getByRole('button', { name: /Create an account|Sign up/i }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull());
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('autocomplete', 'email');
  });

  it('offers no passkey button on a server reached by an IP address', async () => {
    const { fetch } = passkeyServer(undefined, false);
    renderApp('/login', 'en');
    await screen.findByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).startsWith('/api/v1/meta'))).toBe(true));
    // This server's meta also closes sign-ups: the sign-up link going away
    // shows that meta's answer is on the screen (the passkey button would
    // come in the same render).
    await waitFor(() => expect(screen.queryByRole('button', { name: 'New here? Create an account' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
