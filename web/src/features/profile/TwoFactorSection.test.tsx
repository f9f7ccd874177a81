import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SecurityEvent, TwoFactorStatus } from '@/shared/api/types';
import { api, mockFetch, renderApp, user } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.clean();
});

const me = { ...user, languagePreference: 'SWITCH_TO_ENGLISH' };
const codes = [
  'abcde-fghjk',
  'bcdef-ghjkm',
  'cdefg-hjkmn',
  'defgh-jkmnp',
  'efghj-kmnpq',
  'fghjk-mnpqr',
  'ghjkm-npqrs',
  'hjkmn-pqrst',
  'jkmnp-qrstv',
  'kmnpq-rstvw',
];
const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const at = Date.UTC(2026, 4, 3, 9, 30);
const events: SecurityEvent[] = [
  { id: '3', kind: 'sign_in', detail: 'password+totp', at, ip: '203.0.113.9', userAgent: chrome },
  { id: '2', kind: 'sign_in_failed', detail: 'password', at: at - 60_000, ip: '198.51.100.7', userAgent: 'curl/8.5.0' },
  { id: '1', kind: 'sign_up', detail: '', at: at - 120_000, ip: '203.0.113.9', userAgent: chrome },
];

/** The profile's server: two-step verification off until a code confirms it. */
function server({ password = 'mango-river-42' } = {}) {
  let status: TwoFactorStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  let list = events;
  const fetch = mockFetch(
    api(me, (url, init) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
      if (url === '/api/v1/me/two-factor' && init?.method !== 'DELETE') return { status: 200, body: status };
      if (url.startsWith('/api/v1/me/security-events')) return { status: 200, body: list };
      if (url === '/api/v1/me/two-factor/setup') {
        if (body.currentPassword !== password)
          return { status: 400, body: { status: 400, code: 'invalid', errors: [{ field: 'currentPassword', code: 'mismatch' }] } };
        return { status: 200, body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrCode: 'data:image/png;base64,iVBORw0KGgo=' } };
      }
      if (url === '/api/v1/me/two-factor/confirm') {
        if (body.code !== '123456') return { status: 400, body: { status: 400, code: 'invalid', errors: [{ field: 'code', code: 'mismatch' }] } };
        status = { enabled: true, enabledAt: at, recoveryCodesLeft: 10 };
        list = [{ id: '4', kind: 'two_factor_enabled', detail: '', at: at + 60_000, ip: '203.0.113.9', userAgent: chrome }, ...events];
        return { status: 200, body: { recoveryCodes: codes } };
      }
      return undefined;
    }),
  );
  return fetch;
}

const section = () => screen.getByRole('region', { name: 'Two-step verification' });

describe('two-step verification on the profile', () => {
  it('turns on: password, QR code and key, a code, then the recovery codes once', async () => {
    const fetch = server();
    renderApp('/profile', 'en');
    await within(await screen.findByRole('region', { name: 'Two-step verification' })).findByText('Off');
    await userEvent.click(within(section()).getByRole('button', { name: 'Turn on' }));

    // Step 1: the current password (a wrong one says so).
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-step verification' });
    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'not-it{Enter}');
    expect(await within(dialog).findByText('Does not match')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Current password'));
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'mango-river-42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    // Step 2: the QR code, the key by hand in groups of four, and the first code.
    const qr = await within(dialog).findByRole('img', { name: 'QR code that adds Cash Control to your authenticator app' });
    expect(qr).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(within(dialog).getByText((_, el) => el?.tagName === 'P' && el.textContent === 'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy the key' })).toBeInTheDocument();
    const code = within(dialog).getByRole('textbox', { name: '6-digit code' });
    expect(code).toHaveFocus();
    await userEvent.type(code, '654321{Enter}');
    expect(await within(dialog).findByText('The code is wrong or was already used')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    // Step 3: the ten codes, shown once, to copy or download.
    const list = await within(dialog).findByRole('list', { name: 'Save your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(within(dialog).getByText(/shown only once/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (blobs.push(b as Blob), 'blob:codes'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalledOnce();
    expect(click.mock.contexts[0]).toHaveProperty('download', 'cash-control-recovery-codes.txt');
    const text = await blobs[0]!.text();
    expect(text).toContain('ana@example.com');
    for (const c of codes) expect(text).toContain(`\n${c}\n`);

    const before = fetch.mock.calls.filter(([u]) => String(u).startsWith('/api/v1/me/security-events')).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(section()).findByText('On')).toBeInTheDocument();
    expect(within(section()).getByText('10 recovery codes left')).toBeInTheDocument();
    expect(within(section()).getByText('On since 3 May 2026')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    // The activity asks again, and shows what just happened.
    expect(await screen.findByText('Two-step verification turned on')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([u]) => String(u).startsWith('/api/v1/me/security-events')).length).toBeGreaterThan(before);
    const sent = fetch.mock.calls.filter(([u]) => String(u).startsWith('/api/v1/me/two-factor/')).map(([u, i]) => [u, JSON.parse(String(i?.body))]);
    expect(sent).toEqual([
      ['/api/v1/me/two-factor/setup', { currentPassword: 'not-it' }],
      ['/api/v1/me/two-factor/setup', { currentPassword: 'mango-river-42' }],
      ['/api/v1/me/two-factor/confirm', { code: '654321' }],
      ['/api/v1/me/two-factor/confirm', { code: '123456' }],
    ]);
  });

  it('warns when few recovery codes are left, and turns off with the password and a code', async () => {
    let status: TwoFactorStatus = { enabled: true, enabledAt: at, recoveryCodesLeft: 2 };
    const fetch = mockFetch(
      api({ ...me, twoFactor: true }, (url, init) => {
        if (url === '/api/v1/me/two-factor' && init?.method === 'DELETE') {
          status = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
          return { status: 204 };
        }
        if (url === '/api/v1/me/two-factor') return { status: 200, body: status };
        if (url.startsWith('/api/v1/me/security-events')) return { status: 200, body: [] };
        return undefined;
      }),
    );
    renderApp('/profile', 'en');
    expect(await screen.findByText('2 recovery codes left')).toBeInTheDocument();
    expect(screen.getByText('Make new ones before they run out.')).toBeInTheDocument();
    await userEvent.click(within(section()).getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step verification' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'mango-river-42');
    await userEvent.type(within(dialog).getByLabelText('Authenticator code or recovery code'), 'abcde-fghjk{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(section()).findByText('Off')).toBeInTheDocument();
    const del = fetch.mock.calls.find(([u, i]) => u === '/api/v1/me/two-factor' && i?.method === 'DELETE');
    expect(JSON.parse(String(del?.[1]?.body))).toEqual({ currentPassword: 'mango-river-42', code: 'abcde-fghjk' });
  });

  it('makes new recovery codes with the password and a code, and shows them once', async () => {
    let status: TwoFactorStatus = { enabled: true, enabledAt: at, recoveryCodesLeft: 1 };
    const fetch = mockFetch(
      api({ ...me, twoFactor: true }, (url, init) => {
        const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
        if (url === '/api/v1/me/two-factor/recovery-codes') {
          if (body.code !== '123456') return { status: 400, body: { status: 400, code: 'invalid', errors: [{ field: 'code', code: 'mismatch' }] } };
          status = { ...status, recoveryCodesLeft: 10 };
          return { status: 200, body: { recoveryCodes: codes } };
        }
        if (url === '/api/v1/me/two-factor') return { status: 200, body: status };
        if (url.startsWith('/api/v1/me/security-events')) return { status: 200, body: [] };
        return undefined;
      }),
    );
    renderApp('/profile', 'en');
    expect(await screen.findByText('1 recovery code left')).toBeInTheDocument();
    expect(screen.getByText('Make new ones before they run out.')).toBeInTheDocument();
    await userEvent.click(within(section()).getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'mango-river-42');
    const code = within(dialog).getByLabelText('Authenticator code or recovery code');
    await userEvent.type(code, '111111{Enter}');
    expect(await within(dialog).findByText('The code is wrong or was already used')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '123 456{Enter}');
    const list = await within(dialog).findByRole('list', { name: 'Save your recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(await within(section()).findByText('10 recovery codes left')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = fetch.mock.calls.filter(([u]) => u === '/api/v1/me/two-factor/recovery-codes').map(([, i]) => JSON.parse(String(i?.body)));
    expect(sent).toEqual([
      { currentPassword: 'mango-river-42', code: '111111' },
      { currentPassword: 'mango-river-42', code: '123456' },
    ]);
  });

  it('cannot be turned on without a password, and says why', async () => {
    mockFetch(
      api({ ...me, hasPassword: false }, (url) =>
        url === '/api/v1/me/two-factor'
          ? { status: 200, body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 } }
          : url.startsWith('/api/v1/me/security-events')
            ? { status: 200, body: [] }
            : undefined,
      ),
    );
    renderApp('/profile', 'en');
    expect(await within(await screen.findByRole('region', { name: 'Two-step verification' })).findByRole('button', { name: 'Turn on' })).toBeDisabled();
    expect(within(section()).getByText('Set a password above first: two-step verification asks for it.')).toBeInTheDocument();
  });
});

describe('the security activity', () => {
  it('says what happened, when, from where and on what', async () => {
    server();
    renderApp('/profile', 'en');
    const region = await screen.findByRole('region', { name: 'Recent security activity' });
    const table = await within(region).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Signed in with password and authenticator code')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Chrome on Linux')).toHaveAttribute('title', chrome);
    expect(within(rows[1]!).getByText('Failed sign-in: wrong password')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('curl')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Account created')).toBeInTheDocument();
    const when = within(rows[0]!).getByText((_, el) => el?.tagName === 'TIME');
    expect(when).toHaveAttribute('datetime', new Date(at).toISOString());
    expect(when.textContent).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(at));
  });
});
