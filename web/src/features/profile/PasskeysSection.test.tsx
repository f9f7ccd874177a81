import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { startRegistration } from '@simplewebauthn/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Passkey, SecurityEvent } from '@/shared/api/types';
import { api, mockFetch, renderApp, user } from '@/test/render';

// The browser's side of WebAuthn: what the device answers is the test's to say.
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

beforeEach(() => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_ON_LINUX));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(startRegistration).mockReset();
  notifications.clean();
});

const me = { ...user, languagePreference: 'SWITCH_TO_ENGLISH' };
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const meta = (passkeys: boolean) => ({ version: '1.0.0', supportEmail: '', analyticsId: '', signupEnabled: true, passwordResetByEmail: false, passkeys });
/** go-webauthn's creation options, as the server sends them. */
const options = {
  publicKey: {
    rp: { name: 'Cash Control', id: 'localhost' },
    user: { name: 'ana@example.com', displayName: 'Ana', id: 'dXNlci1oYW5kbGU' },
    challenge: 'Y2hhbGxlbmdl',
    pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    timeout: 300000,
    excludeCredentials: [],
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  },
};
/** What the browser answers (RegistrationResponseJSON), passed on untouched. */
const credential = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['internal'] },
  clientExtensionResults: {},
};

type Body = Record<string, unknown>;

/** The profile's server, with passkeys: adding, renaming and removing add to the list and to the security activity. */
function server(initial: Passkey[] = [], passkeys = true) {
  let list = [...initial];
  const events: SecurityEvent[] = [{ id: '1', kind: 'sign_up', detail: '', at: Date.now() - DAY, ip: '203.0.113.9', userAgent: '' }];
  const event = (kind: SecurityEvent['kind'], detail: string) =>
    events.unshift({ id: String(events.length + 1), kind, detail, at: Date.now(), ip: '203.0.113.9', userAgent: '' });
  const fetch = mockFetch(
    api(me, (url, init) => {
      const method = init?.method ?? 'GET';
      if (url.startsWith('/api/v1/meta')) return { status: 200, body: meta(passkeys) };
      if (url === '/api/v1/me/two-factor') return { status: 200, body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 } };
      if (url === '/api/v1/me/tokens') return { status: 200, body: [] };
      if (url.startsWith('/api/v1/me/security-events')) return { status: 200, body: events };
      if (url === '/api/v1/me/passkeys' && method === 'GET') return { status: 200, body: list };
      if (url === '/api/v1/me/passkeys/options' && method === 'POST') return { status: 200, body: options };
      if (url === '/api/v1/me/passkeys' && method === 'POST') {
        const b = JSON.parse(String(init?.body)) as Body;
        const made = { id: String(10 + list.length), name: b.name as string, createdAt: Date.now(), lastUsedAt: null };
        list = [...list, made];
        event('passkey_added', made.name);
        return { status: 201, body: made };
      }
      const one = /^\/api\/v1\/me\/passkeys\/(\w+)$/.exec(url);
      const found = one && list.find((p) => p.id === one[1]);
      if (one && !found) return { status: 404, body: { status: 404, code: 'not_found' } };
      if (found && method === 'PATCH') {
        const renamed = { ...found, name: (JSON.parse(String(init?.body)) as Body).name as string };
        list = list.map((p) => (p === found ? renamed : p));
        return { status: 200, body: renamed };
      }
      if (found && method === 'DELETE') {
        list = list.filter((p) => p !== found);
        event('passkey_removed', found.name);
        return { status: 204 };
      }
      return undefined;
    }),
  );
  const calls = (path: string, method: string) =>
    fetch.mock.calls.filter(([u, i]) => u === path && (i?.method ?? 'GET') === method).map(([, i]) => (i?.body ? (JSON.parse(String(i.body)) as Body) : null));
  return { fetch, calls };
}

const section = () => screen.getByRole('region', { name: 'Passkeys' });

describe('the passkeys section', () => {
  it('adds a passkey: a name (this device’s, guessed), the server’s options to the browser, and the browser’s answer back with the name', async () => {
    const { calls } = server();
    vi.mocked(startRegistration).mockResolvedValue(credential as never);
    renderApp('/profile', 'en');
    expect(await within(await screen.findByRole('region', { name: 'Passkeys' })).findByText('No passkeys yet.')).toBeInTheDocument();
    expect(within(section()).getByText('Sign in with your fingerprint, face or device PIN: no password or code needed.')).toBeInTheDocument();

    await userEvent.click(within(section()).getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Chrome on Linux');
    // Nothing starts without a name.
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(calls('/api/v1/me/passkeys/options', 'POST')).toEqual([]);

    await userEvent.type(name, '  Work laptop  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('/api/v1/me/passkeys/options', 'POST')).toHaveLength(1);
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: options.publicKey });
    expect(calls('/api/v1/me/passkeys', 'POST')).toEqual([{ name: 'Work laptop', credential }]);
    expect(await screen.findByText('Passkey “Work laptop” added')).toBeInTheDocument();

    const row = (await within(section()).findByText('Work laptop')).closest('li')!;
    expect(row).toHaveTextContent(`Added on ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(Date.now())} · Never used`);
    // The activity asks again, and says what happened.
    expect(await screen.findByText('Added passkey “Work laptop”')).toBeInTheDocument();
  });

  it('says calmly that nothing was made when the browser’s dialog is closed, and tries again', async () => {
    const { calls } = server();
    vi.mocked(startRegistration).mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    vi.mocked(startRegistration).mockResolvedValueOnce(credential as never);
    renderApp('/profile', 'en');
    await userEvent.click(await within(await screen.findByRole('region', { name: 'Passkeys' })).findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const calm = await within(dialog).findByRole('status');
    expect(calm).toHaveTextContent('No passkey was used: the request was cancelled or took too long. Try again when you are ready.');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(dialog).not.toHaveTextContent('timed out or was not allowed');
    expect(calls('/api/v1/me/passkeys', 'POST')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('/api/v1/me/passkeys', 'POST')).toEqual([{ name: 'Chrome on Linux', credential }]);
  });

  it('lists each passkey’s dates, renames one, and removes one after asking', async () => {
    const now = Date.now();
    const { calls } = server([
      { id: '7', name: 'Phone', createdAt: now - 40 * DAY, lastUsedAt: now - 5 * MIN },
      { id: '8', name: 'Old laptop', createdAt: now - 3 * DAY, lastUsedAt: null },
    ]);
    renderApp('/profile', 'en');
    const list = await within(await screen.findByRole('region', { name: 'Passkeys' })).findByRole('list', { name: 'Passkeys' });
    const [first, second] = within(list).getAllByRole('listitem');
    const medium = (ms: number) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(ms);
    expect(first).toHaveTextContent(`Added on ${medium(now - 40 * DAY)} · Last used 5 minutes ago`);
    expect(second).toHaveTextContent(`Added on ${medium(now - 3 * DAY)} · Never used`);

    await userEvent.click(within(first!).getByRole('button', { name: 'Rename Phone' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(rename).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Phone');
    await userEvent.clear(name);
    await userEvent.type(name, 'Pixel{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('/api/v1/me/passkeys/7', 'PATCH')).toEqual([{ name: 'Pixel' }]);
    expect(await within(section()).findByText('Pixel')).toBeInTheDocument();

    // Cancel removes nothing.
    await userEvent.click(within(section()).getByRole('button', { name: 'Remove Old laptop' }));
    let ask = await screen.findByRole('dialog', { name: 'Remove passkey' });
    expect(ask).toHaveTextContent('“Old laptop” will no longer sign you in.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('/api/v1/me/passkeys/8', 'DELETE')).toEqual([]);

    await userEvent.click(within(section()).getByRole('button', { name: 'Remove Old laptop' }));
    ask = await screen.findByRole('dialog', { name: 'Remove passkey' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('/api/v1/me/passkeys/8', 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('Passkey “Old laptop” removed')).toBeInTheDocument();
    await waitFor(() => expect(within(section()).queryByText('Old laptop')).toBeNull());
    expect(within(section()).getByText('Pixel')).toBeInTheDocument();
    expect(await screen.findByText('Removed passkey “Old laptop”')).toBeInTheDocument();
  });

  it('on a server reached by an IP address, says why there are none and offers no button', async () => {
    server([], false);
    renderApp('/profile', 'en');
    const region = await screen.findByRole('region', { name: 'Passkeys' });
    expect(await within(region).findByText(/Passkeys are not available at this address/)).toHaveTextContent('CASHCONTROL_BASE_URL');
    expect(within(region).queryByRole('button')).toBeNull();
    expect(within(region).queryByText('No passkeys yet.')).toBeNull();
  });
});

describe('the security activity of passkeys', () => {
  it('tells of passkeys added, removed and signing in, in every language', async () => {
    const at = Date.now();
    const events: SecurityEvent[] = [
      { id: '3', kind: 'sign_in', detail: 'passkey', at, ip: '', userAgent: '' },
      { id: '2', kind: 'passkey_removed', detail: 'Old laptop', at, ip: '', userAgent: '' },
      { id: '1', kind: 'passkey_added', detail: 'Phone', at, ip: '', userAgent: '' },
    ];
    for (const [lang, pref, sentences] of [
      ['en', 'SWITCH_TO_ENGLISH', ['Signed in with a passkey', 'Removed passkey “Old laptop”', 'Added passkey “Phone”']],
      ['es', 'SWITCH_TO_SPANISH', ['Sesión iniciada con una llave de acceso', 'Llave de acceso «Old laptop» quitada', 'Llave de acceso «Phone» añadida']],
      ['fr', 'SWITCH_TO_FRENCH', ['Connexion avec une clé d’accès', 'Clé d’accès « Old laptop » retirée', 'Clé d’accès « Phone » ajoutée']],
    ] as const) {
      mockFetch(
        api({ ...me, languagePreference: pref }, (url) =>
          url === '/api/v1/me/two-factor'
            ? { status: 200, body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 } }
            : url.startsWith('/api/v1/me/security-events')
              ? { status: 200, body: events }
              : url === '/api/v1/me/tokens' || url === '/api/v1/me/passkeys'
                ? { status: 200, body: [] }
                : undefined,
        ),
      );
      const { unmount } = renderApp('/profile', lang);
      for (const s of sentences) expect(await screen.findByText(s)).toBeInTheDocument();
      unmount();
    }
  });
});
