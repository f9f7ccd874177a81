import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken, SecurityEvent } from '@/shared/api/types';
import { api, fixedLayout, mockFetch, renderApp, user } from '@/test/render';

beforeEach(() => fixedLayout()); // the secret's textarea sizes itself to its text
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.clean();
});

const me = { ...user, languagePreference: 'SWITCH_TO_ENGLISH' };
const SECRET = 'cc_Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5X3dhbGRv';
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** The last millisecond of the day `days` from today (or of today's date next year), on this clock. */
function endOfDay(days: number, years = 0): number {
  const d = new Date();
  return new Date(d.getFullYear() + years, d.getMonth(), d.getDate() + days, 23, 59, 59, 999).getTime();
}

type Body = Record<string, unknown>;

/**
 * The profile's server, with tokens: POST answers each of `answers` in turn
 * (then 201), DELETE removes; both add to the security activity.
 */
function server(initial: ApiToken[] = [], answers: { status: number; body: unknown }[] = []) {
  let tokens = [...initial];
  const events: SecurityEvent[] = [{ id: '1', kind: 'sign_up', detail: '', at: Date.now() - DAY, ip: '203.0.113.9', userAgent: '' }];
  const event = (kind: SecurityEvent['kind'], detail: string) =>
    events.unshift({ id: String(events.length + 1), kind, detail, at: Date.now(), ip: '203.0.113.9', userAgent: '' });
  const fetch = mockFetch(
    api(me, (url, init) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/v1/me/two-factor') return { status: 200, body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 } };
      if (url.startsWith('/api/v1/me/security-events')) return { status: 200, body: events };
      if (url === '/api/v1/me/tokens' && method === 'GET') return { status: 200, body: tokens };
      if (url === '/api/v1/me/tokens' && method === 'POST') {
        const next = answers.shift();
        if (next) return next;
        const b = JSON.parse(String(init?.body)) as Body;
        const made = {
          id: String(10 + tokens.length),
          name: b.name as string,
          scope: b.scope as ApiToken['scope'],
          hint: `cc_…${SECRET.slice(-4)}`,
          createdAt: Date.now(),
          expiresAt: (b.expiresAt as number | undefined) ?? null,
          lastUsedAt: null,
        };
        tokens = [made, ...tokens];
        event('token_created', made.name);
        return { status: 201, body: { ...made, token: SECRET } };
      }
      const del = /^\/api\/v1\/me\/tokens\/(\w+)$/.exec(url);
      if (del && method === 'DELETE') {
        const gone = tokens.find((t) => t.id === del[1]);
        if (!gone) return { status: 404, body: { status: 404, code: 'not_found' } };
        tokens = tokens.filter((t) => t !== gone);
        event('token_revoked', gone.name);
        return { status: 204 };
      }
      return undefined;
    }),
  );
  const posted = () =>
    fetch.mock.calls.filter(([u, i]) => u === '/api/v1/me/tokens' && i?.method === 'POST').map(([, i]) => JSON.parse(String(i?.body)) as Body);
  const deleted = () => fetch.mock.calls.filter(([, i]) => i?.method === 'DELETE').map(([u]) => String(u));
  return { fetch, posted, deleted };
}

const section = () => screen.getByRole('region', { name: 'API tokens' });

/** Chooses name in a select (jsdom lays nothing out, so its options count as hidden). */
async function pick(combobox: HTMLElement, name: string) {
  await userEvent.click(combobox);
  const list = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('the select did not open');
  await userEvent.click(within(list).getByRole('option', { name, hidden: true }));
}

describe('the API tokens section', () => {
  it('creates a token: the form’s choices go to the server, and the secret is shown once', async () => {
    const { posted } = server();
    renderApp('/profile', 'en');
    expect(await within(await screen.findByRole('region', { name: 'API tokens' })).findByText('No tokens yet.')).toBeInTheDocument();
    expect(within(section()).getByText(/Scripts and other apps use the Cash Control API with a token/)).toBeInTheDocument();

    await userEvent.click(within(section()).getByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New token' });
    // Nothing is sent without a name.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(posted()).toEqual([]);

    // Read only and 90 days unless chosen otherwise.
    expect(within(dialog).getByRole('radio', { name: /^Read only/ })).toBeChecked();
    const expiry = within(dialog).getByRole('combobox', { name: 'Expiry' });
    expect(expiry).toHaveValue('In 90 days');
    const long = (ms: number) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(ms);
    expect(within(dialog).getByText(`Works until the end of ${long(endOfDay(90))}`)).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '  Nightly backup  ');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Read and write/ }));
    await pick(expiry, 'In 1 year');
    expect(within(dialog).getByText(`Works until the end of ${long(endOfDay(0, 1))}`)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));

    // The secret, once: to copy, with a warning and a command that tries it.
    expect(await within(dialog).findByRole('heading', { name: 'Copy your new token' })).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Your new token' })).toHaveValue(SECRET);
    expect(within(dialog).getByText(/This is the only time the token is shown/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(dialog).getByText(`curl -H "Authorization: Bearer ${SECRET}" ${window.location.origin}/api/v1/accounts`)).toBeInTheDocument();
    expect(posted()).toEqual([{ name: 'Nightly backup', scope: 'write', expiresAt: endOfDay(0, 1) }]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = (await within(section()).findByText('Nightly backup')).closest('li')!;
    expect(within(row).getByText('Read and write')).toBeInTheDocument();
    expect(row).toHaveTextContent(`cc_…${SECRET.slice(-4)}`);
    expect(row).toHaveTextContent(`Expires on ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(endOfDay(0, 1))}`);
    expect(row).toHaveTextContent('Never used');
    expect(document.body).not.toHaveTextContent(SECRET);
    // The activity asks again, and says what happened.
    expect(await screen.findByText('Created API token “Nightly backup”')).toBeInTheDocument();
  });

  it('sends the defaults, shows the server’s field errors and the token limit, and a token without expiry', async () => {
    const { posted } = server(
      [],
      [
        { status: 400, body: { status: 400, code: 'invalid', errors: [{ field: 'expiresAt', code: 'out_of_range' }] } },
        { status: 400, body: { status: 400, code: 'limit_exceeded' } },
      ],
    );
    renderApp('/profile', 'en');
    await userEvent.click(await within(await screen.findByRole('region', { name: 'API tokens' })).findByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New token' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Reports{Enter}');
    expect(await within(dialog).findByText('Out of range')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('You have 50 tokens, the most there can be. Revoke one you no longer use first.')).toBeInTheDocument();
    await pick(within(dialog).getByRole('combobox', { name: 'Expiry' }), 'No expiry');
    expect(within(dialog).getByText('Works until you revoke it')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Your new token' })).toHaveValue(SECRET);
    const body = { name: 'Reports', scope: 'read', expiresAt: endOfDay(90) };
    expect(posted()).toEqual([body, body, { name: 'Reports', scope: 'read' }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    const row = (await within(section()).findByText('Reports')).closest('li')!;
    expect(within(row).getByText('Read only')).toBeInTheDocument();
    expect(row).toHaveTextContent('Never expires');
  });

  it('lists each token’s dates, and revokes one after asking', async () => {
    const now = Date.now();
    const tokens: ApiToken[] = [
      { id: '8', name: 'Spreadsheet', scope: 'read', hint: 'cc_…a1B2', createdAt: now - 3 * DAY, expiresAt: null, lastUsedAt: now - 5 * MIN },
      { id: '7', name: 'Old script', scope: 'write', hint: 'cc_…z9Y8', createdAt: now - 40 * DAY, expiresAt: now - DAY, lastUsedAt: now - 20 * DAY },
    ];
    const { deleted } = server(tokens);
    renderApp('/profile', 'en');
    const list = await within(await screen.findByRole('region', { name: 'API tokens' })).findByRole('list', { name: 'API tokens' });
    const [first, second] = within(list).getAllByRole('listitem');
    const medium = (ms: number) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(ms);
    expect(first).toHaveTextContent(`Spreadsheet`);
    expect(first).toHaveTextContent(`cc_…a1B2 · Created on ${medium(now - 3 * DAY)} · Never expires · Last used 5 minutes ago`);
    expect(within(first!).queryByText('Expired')).toBeNull();
    expect(within(second!).getByText('Expired')).toBeInTheDocument();
    expect(within(second!).getByText('Read and write')).toBeInTheDocument();
    const usedAt = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(now - 20 * DAY);
    expect(second).toHaveTextContent(`Expired on ${medium(now - DAY)} · Last used on ${usedAt}`);

    // Cancel changes nothing.
    await userEvent.click(within(second!).getByRole('button', { name: 'Revoke Old script' }));
    let ask = await screen.findByRole('dialog', { name: 'Revoke API token' });
    expect(ask).toHaveTextContent('“Old script” will stop working at once');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted()).toEqual([]);

    await userEvent.click(within(second!).getByRole('button', { name: 'Revoke Old script' }));
    ask = await screen.findByRole('dialog', { name: 'Revoke API token' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted()).toEqual(['/api/v1/me/tokens/7']);
    expect(await screen.findByText('Token “Old script” revoked')).toBeInTheDocument();
    await waitFor(() => expect(within(section()).queryByText('Old script')).toBeNull());
    expect(within(section()).getByText('Spreadsheet')).toBeInTheDocument();
    expect(await screen.findByText('Revoked API token “Old script”')).toBeInTheDocument();
  });
});

describe('the security activity of tokens', () => {
  it('names the token in each sentence, in every language', async () => {
    const at = Date.now();
    const events: SecurityEvent[] = [
      { id: '3', kind: 'token_used', detail: 'Spreadsheet', at, ip: '', userAgent: 'curl/8.5.0' },
      { id: '2', kind: 'token_revoked', detail: 'Old script', at, ip: '', userAgent: '' },
      { id: '1', kind: 'token_created', detail: 'Spreadsheet', at, ip: '', userAgent: '' },
    ];
    for (const [lang, pref, sentences] of [
      ['en', 'SWITCH_TO_ENGLISH', ['API token “Spreadsheet” used', 'Revoked API token “Old script”', 'Created API token “Spreadsheet”']],
      ['es', 'SWITCH_TO_SPANISH', ['Token de API «Spreadsheet» usado', 'Token de API «Old script» revocado', 'Token de API «Spreadsheet» creado']],
      ['fr', 'SWITCH_TO_FRENCH', ['Jeton d’API « Spreadsheet » utilisé', 'Jeton d’API « Old script » révoqué', 'Jeton d’API « Spreadsheet » créé']],
    ] as const) {
      mockFetch(
        api({ ...me, languagePreference: pref }, (url) =>
          url === '/api/v1/me/two-factor'
            ? { status: 200, body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 } }
            : url.startsWith('/api/v1/me/security-events')
              ? { status: 200, body: events }
              : url === '/api/v1/me/tokens'
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
