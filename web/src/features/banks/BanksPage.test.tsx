import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BankConnection, BankMatch } from '@/shared/api/schema.gen';
import type { Account, LedgerRole } from '@/shared/api/types';
import { api, mockFetch, renderApp, user } from '@/test/render';
import { browser } from './browser';

beforeEach(() => {
  // The setup token's and the key's autosizing textareas listen to document.fonts, which jsdom lacks.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const me = { ...user, languagePreference: 'SWITCH_TO_ENGLISH' };

const account = (id: string, name: string, currency: string, balance: number): Account => ({
  id,
  name,
  type: 'bank',
  currency,
  openingBalance: 0,
  balance,
  position: Number(id),
  archived: false,
  hasMovements: true,
  lastReconciled: null,
  reconcileDraft: null,
});

const simplefin = (over: Partial<BankConnection> = {}): BankConnection => ({
  id: '7',
  provider: 'simplefin',
  institution: 'SimpleFIN Bridge',
  country: '',
  status: 'active',
  accounts: [
    { id: 'ACT-1', name: 'Checking', currency: 'USD', balance: 123450, balanceDate: '2026-11-28', accountId: null, appBalance: null },
    { id: 'ACT-2', name: 'Savings', currency: 'USD', balance: 500000, balanceDate: '2026-11-28', accountId: null, appBalance: null },
  ],
  consentEnd: null,
  consentDaysLeft: null,
  lastSyncAt: null,
  lastSync: null,
  lastError: null,
  syncEveryHours: 6,
  createdAt: 1764000000000,
  ...over,
});

interface Write {
  method: string;
  url: string;
  body: unknown;
}

/**
 * A ledger with a USD account; the bank connections as given, changed by the
 * writes as the server would; every write recorded. answer may answer a write
 * first (a failure).
 */
function serve(
  opts: {
    bankSync?: boolean;
    role?: LedgerRole;
    connections?: BankConnection[];
    matches?: BankMatch[];
    answer?: (w: Write) => { status: number; body?: unknown } | undefined;
    /** What a sync adds to each account (by id). */
    synced?: Record<string, number>;
  } = {},
) {
  const writes: Write[] = [];
  let connections = opts.connections ?? [];
  let matches = opts.matches ?? [];
  const accounts = [account('1', 'Wallet', 'EUR', 1000), account('2', 'US checking', 'USD', 120000)];
  /** A connection as the server answers it: each linked account's balance beside the bank's. */
  const withBalances = (c: BankConnection): BankConnection => ({
    ...c,
    accounts: c.accounts.map((b) => ({ ...b, appBalance: b.accountId ? (accounts.find((a) => a.id === b.accountId)?.balance ?? null) : null })),
  });
  const who = opts.role ? { ...me, ledgerId: '2', ledgerRole: opts.role, defaultLedgerId: '1' } : me;
  const fetch = mockFetch(
    api(who, (url, init) => {
      const method = init?.method ?? 'GET';
      if (url.startsWith('/api/v1/meta'))
        return { status: 200, body: { version: '1', supportEmail: '', analyticsId: '', signupEnabled: true, bankSync: opts.bankSync ?? true } };
      if (method === 'GET') {
        if (url === '/api/v1/accounts') return { status: 200, body: { items: accounts, nextCursor: null } };
        if (url === '/api/v1/bank/connections') {
          if (opts.role === 'viewer') return { status: 403, body: { status: 403, code: 'forbidden' } };
          return { status: 200, body: { items: connections.map(withBalances), nextCursor: null } };
        }
        const got = url.match(/^\/api\/v1\/bank\/connections\/(\d+)$/);
        if (got) return { status: 200, body: withBalances(connections.find((c) => c.id === got[1])!) };
        if (/\/api\/v1\/bank\/connections\/\d+\/matches$/.test(url)) return { status: 200, body: { items: matches, nextCursor: null } };
        if (url.startsWith('/api/v1/bank/connections/8/institutions?country=DE'))
          return {
            status: 200,
            body: {
              items: [
                { name: 'ING', country: 'DE', logo: 'https://example.com/ing.png', maxConsentDays: 180 },
                { name: 'Sparkasse', country: 'DE', logo: '', maxConsentDays: 90 },
              ],
              nextCursor: null,
            },
          };
        return undefined;
      }
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      const w = { method, url, body };
      writes.push(w);
      const a = opts.answer?.(w);
      if (a) return a;
      if (url === '/api/v1/bank/connections' && method === 'POST') {
        const b = body as { provider: string };
        const c =
          b.provider === 'simplefin'
            ? simplefin()
            : simplefin({ id: '8', provider: 'enablebanking', institution: '', status: 'pending', accounts: [], syncEveryHours: 6 });
        connections = [...connections, c];
        return { status: 201, body: withBalances(c) };
      }
      if (url === '/api/v1/accounts' && method === 'POST') {
        const b = body as { name: string; currency: string; openingBalance: number };
        const created = account('3', b.name, b.currency, b.openingBalance);
        accounts.push(created);
        return { status: 201, body: created };
      }
      const link = url.match(/^\/api\/v1\/bank\/connections\/(\d+)\/accounts\/(.+)$/);
      if (link && method === 'PUT') {
        const accountId = (body as { accountId: string | null }).accountId;
        connections = connections.map((c) =>
          c.id !== link[1]
            ? c
            : {
                ...c,
                accounts: c.accounts.map((b) => (b.id === decodeURIComponent(link[2]!) ? { ...b, accountId } : b)),
              },
        );
        return { status: 200, body: withBalances(connections.find((c) => c.id === link[1])!) };
      }
      const sync = url.match(/^\/api\/v1\/bank\/connections\/(\d+)\/sync$/);
      if (sync) {
        for (const a of accounts) a.balance += opts.synced?.[a.id] ?? 0;
        connections = connections.map((c) =>
          c.id === sync[1] ? { ...c, lastSyncAt: 1764400000000, lastSync: { created: 3, matched: 1, updated: 1 }, lastError: null } : c,
        );
        return { status: 200, body: { created: 3, matched: 1, updated: 1 } };
      }
      const undo = url.match(/^\/api\/v1\/bank\/connections\/(\d+)\/matches\/(\d+)$/);
      if (undo && method === 'DELETE') {
        matches = matches.filter((m) => m.id !== undo[2]);
        return { status: 200, body: { movementId: '99' } };
      }
      const one = url.match(/^\/api\/v1\/bank\/connections\/(\d+)$/);
      if (one && method === 'DELETE') {
        connections = connections.filter((c) => c.id !== one[1]);
        return { status: 204 };
      }
      const acc = url.match(/^\/api\/v1\/accounts\/(\d+)$/);
      if (acc && method === 'PATCH') {
        const a = accounts.find((x) => x.id === acc[1])!;
        const opening = (body as { openingBalance: number }).openingBalance;
        a.balance += opening - a.openingBalance;
        a.openingBalance = opening;
        return { status: 200, body: a };
      }
      if (one && method === 'PATCH') {
        connections = connections.map((c) => (c.id === one[1] ? { ...c, ...(body as object) } : c));
        return { status: 200, body: withBalances(connections.find((c) => c.id === one[1])!) };
      }
      if (url === '/api/v1/bank/connections/8/start') return { status: 200, body: { url: 'https://bank.example/authorise?x=1' } };
      return undefined;
    }),
  );
  return { writes, fetch, gets: () => fetch.mock.calls.map(([u, i]) => ((i as RequestInit | undefined)?.method ?? 'GET') + ' ' + String(u)) };
}

/** Opens a select and gives its list (jsdom lays nothing out: the options are looked up with hidden: true). */
async function pick(combobox: HTMLElement, option: string) {
  await userEvent.click(combobox);
  const list = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('the select did not open');
  await userEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
}

const card = (name: string) => screen.findByRole('region', { name });

describe('Configuration: bank connections', () => {
  it('is a section of Configuration', async () => {
    serve();
    const { pathname } = renderApp('/config', 'en');
    const nav = await screen.findByRole('navigation', { name: 'Configuration sections' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Banks' }));
    expect(await screen.findByRole('heading', { name: 'Connect a bank' })).toBeInTheDocument();
    expect(pathname()).toBe('/config/banks');
    expect(await screen.findByText('No bank connected yet.')).toBeInTheDocument();
  });

  it('without the server’s secret key says so and how to fix it, and offers no form', async () => {
    const { writes } = serve({ bankSync: false });
    renderApp('/config/banks', 'en');
    expect(await screen.findByText('This server cannot keep bank credentials yet')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/CASHCONTROL_SECRET_KEY/);
    expect(screen.queryByRole('button', { name: 'Connect with SimpleFIN' })).not.toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('tells a viewer who manages the connections, and asks the server nothing it would refuse', async () => {
    const { gets } = serve({ role: 'viewer' });
    renderApp('/config/banks', 'en');
    expect(await screen.findByText(/Only the ledger’s owners and editors connect banks/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect with SimpleFIN' })).not.toBeInTheDocument();
    expect(gets().filter((g) => g.includes('/bank/'))).toEqual([]);
  });

  it('connects SimpleFIN with a setup token, then lists the bank’s accounts', async () => {
    const { writes } = serve();
    renderApp('/config/banks', 'en');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect with SimpleFIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect with SimpleFIN' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(writes).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Setup token/ }), '  aHR0cHM6Ly9icmlkZ2UvY2xhaW0vMQ==  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toEqual([
      { method: 'POST', url: '/api/v1/bank/connections', body: { provider: 'simplefin', setupToken: 'aHR0cHM6Ly9icmlkZ2UvY2xhaW0vMQ==' } },
    ]);
    const c = await card('SimpleFIN Bridge');
    expect(within(c).getByText('Active')).toBeInTheDocument();
    expect(within(c).getByText('Not synced yet.')).toBeInTheDocument();
    const accounts = within(c).getByRole('list', { name: /The bank’s accounts/ });
    expect(within(accounts).getAllByRole('listitem')).toHaveLength(2);
    expect(within(accounts).getByText(/Bank: US\$1,234\.50 on 28 Nov 2026/)).toBeInTheDocument();
  });

  it('shows why a connection was refused: a token the bridge no longer takes', async () => {
    serve({ answer: (w) => (w.method === 'POST' ? { status: 502, body: { status: 502, code: 'bank_unavailable' } } : undefined) });
    renderApp('/config/banks', 'en');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect with SimpleFIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect with SimpleFIN' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Setup token/ }), 'spent');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The bank connection service failed or did not answer in time.');
  });

  it('links a bank account to an account of the same currency, and shows both balances and their difference', async () => {
    const { writes } = serve({ connections: [simplefin()] });
    renderApp('/config/banks', 'en');
    const c = await card('SimpleFIN Bridge');
    const select = within(c).getByRole('combobox', { name: 'Cash Control account for Checking' });
    await userEvent.click(select);
    const list = document.getElementById(select.getAttribute('aria-controls') ?? '')!;
    // Only the USD account is offered for a USD bank account.
    expect(
      within(list)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['Not linked (not synced)', 'US checking']);
    await userEvent.click(within(list).getByRole('option', { name: 'US checking', hidden: true }));
    await waitFor(() => expect(writes).toEqual([{ method: 'PUT', url: '/api/v1/bank/connections/7/accounts/ACT-1', body: { accountId: '2' } }]));
    expect(await within(c).findByText('In Cash Control: US$1,200.00')).toBeInTheDocument();
    expect(within(c).getByText('Difference: +US$34.50')).toBeInTheDocument();
    // The account's checkpoints (the bank's balance among them) say from when they differ.
    expect(within(c).getByRole('link', { name: 'See from when they differ' })).toHaveAttribute('href', '/config/accounts/2/reconcile');
  });

  it('creates an account from a bank account, links it, syncs, and opens it so that its balance is the bank’s', async () => {
    // The first sync brings 250.00 of the account's last 90 days: the opening balance is the rest.
    const { writes } = serve({ connections: [simplefin()], synced: { '3': -25000 } });
    renderApp('/config/banks', 'en');
    const c = await card('SimpleFIN Bridge');
    await userEvent.click(within(c).getByRole('button', { name: 'Create an account: Savings, in USD, with the bank’s balance' }));
    expect(await screen.findByText('Account Savings created, linked and synced: its balance is the bank’s.')).toBeInTheDocument();
    expect(writes).toEqual([
      { method: 'POST', url: '/api/v1/accounts', body: { name: 'Savings', type: 'bank', currency: 'USD', openingBalance: 0 } },
      { method: 'PUT', url: '/api/v1/bank/connections/7/accounts/ACT-2', body: { accountId: '3' } },
      { method: 'POST', url: '/api/v1/bank/connections/7/sync', body: {} },
      { method: 'PATCH', url: '/api/v1/accounts/3', body: { openingBalance: 525000 } },
    ]);
    expect(await within(c).findByText('In Cash Control: US$5,000.00')).toBeInTheDocument();
    expect(within(c).getByText('The balances agree.')).toBeInTheDocument();
  });

  it('syncs now, says what the sync did, and asks for the movements and accounts again', async () => {
    const { writes, gets } = serve({ connections: [simplefin()] });
    renderApp('/config/banks', 'en');
    const c = await card('SimpleFIN Bridge');
    const before = gets().filter((g) => g === 'GET /api/v1/accounts').length;
    await userEvent.click(within(c).getByRole('button', { name: 'Sync now: SimpleFIN Bridge' }));
    expect(await screen.findByText('Synced: 3 added, 1 matched, 1 updated.')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'POST', url: '/api/v1/bank/connections/7/sync', body: {} }]);
    expect(await within(c).findByText('3 added, 1 matched, 1 updated')).toBeInTheDocument();
    expect(within(c).getByText(/^Last sync: /)).toBeInTheDocument();
    await waitFor(() => expect(gets().filter((g) => g === 'GET /api/v1/accounts').length).toBeGreaterThan(before));
  });

  it('shows a failed sync translated by its code, with the bridge’s own words, and a consent about to end', async () => {
    serve({
      connections: [
        simplefin({
          lastSyncAt: 1764400000000,
          lastError: { code: 'bank_unavailable', message: 'SimpleFIN: Connection to Chase may need attention', retryAt: null },
        }),
        simplefin({
          id: '9',
          provider: 'enablebanking',
          institution: 'ING',
          country: 'DE',
          consentEnd: '2026-12-05T00:00:00Z',
          consentDaysLeft: 6,
          accounts: [],
        }),
      ],
    });
    renderApp('/config/banks', 'en');
    const c = await card('SimpleFIN Bridge');
    const alert = within(c).getByRole('alert');
    expect(alert).toHaveTextContent('The last sync failed');
    expect(alert).toHaveTextContent('The bank connection service failed or did not answer in time.');
    expect(alert).toHaveTextContent('The bank says: SimpleFIN: Connection to Chase may need attention');
    const ing = await card('ING');
    expect(within(ing).getByRole('alert')).toHaveTextContent('The bank’s consent ends on 5 Dec 2026 (6 days left). Authorise again before it ends');
    await userEvent.click(within(ing).getByRole('button', { name: 'Authorise again' }));
    expect(await within(ing).findByRole('combobox', { name: 'Country' })).toHaveValue('Germany');
  });

  it('connects Enable Banking: the application, then the country and the bank, then the bank’s page', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const { writes } = serve();
    renderApp('/config/banks', 'en');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect with Enable Banking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect with Enable Banking' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Application id/ }), 'app-1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Private key/ }), '-----BEGIN PRIVATE KEY-----');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const c = await card('Enable Banking');
    expect(within(c).getByText('Waiting for the bank’s authorisation')).toBeInTheDocument();
    expect(within(c).getByRole('button', { name: 'Disconnect: Enable Banking' })).toBeEnabled();
    await pick(within(c).getByRole('combobox', { name: 'Country' }), 'Germany');
    const banks = await within(c).findByRole('list', { name: 'Banks of Germany' });
    await userEvent.type(within(c).getByRole('textbox', { name: 'Search banks' }), 'spar');
    expect(within(banks).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(within(banks).getByRole('button', { name: 'Go to Sparkasse' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://bank.example/authorise?x=1'));
    expect(writes.map((w) => [w.url, w.body])).toEqual([
      ['/api/v1/bank/connections', { provider: 'enablebanking', applicationId: 'app-1', privateKey: '-----BEGIN PRIVATE KEY-----' }],
      ['/api/v1/bank/connections/8/start', { institution: 'Sparkasse', country: 'DE' }],
    ]);
  });

  it('says how the bank’s authorisation went when the bank sends the user back', async () => {
    serve({ connections: [simplefin()] });
    renderApp('/config/banks?bankError=bank_consent_expired', 'en');
    expect(await screen.findByRole('alert')).toHaveTextContent('The bank’s authorisation did not finish: The bank’s consent has ended or was revoked.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(/authorisation did not finish/)).not.toBeInTheDocument());
  });

  it('says so when the bank’s answer matches no authorisation (used already)', async () => {
    serve();
    renderApp('/config/banks?bankError=not_found', 'en');
    expect(await screen.findByRole('alert')).toHaveTextContent('names no authorisation of yours, or it was used already');
  });

  it('says the bank authorised the connection', async () => {
    serve({ connections: [simplefin({ id: '8', provider: 'enablebanking', institution: 'ING', country: 'DE' })] });
    renderApp('/config/banks?connection=8', 'en');
    const ok = (await screen.findByText('The bank authorised the connection. Link its accounts below.')).closest('[role="status"]');
    expect(ok).not.toBeNull();
  });

  it('changes how often a connection syncs (0: by hand)', async () => {
    const { writes } = serve({ connections: [simplefin()] });
    renderApp('/config/banks', 'en');
    const c = await card('SimpleFIN Bridge');
    await pick(within(c).getByRole('combobox', { name: 'Sync by itself' }), 'Only when I press Sync now');
    await waitFor(() => expect(writes).toEqual([{ method: 'PATCH', url: '/api/v1/bank/connections/7', body: { syncEveryHours: 0 } }]));
  });

  it('disconnects after asking', async () => {
    const { writes } = serve({ connections: [simplefin()] });
    renderApp('/config/banks', 'en');
    const c = await card('SimpleFIN Bridge');
    await userEvent.click(within(c).getByRole('button', { name: 'Disconnect: SimpleFIN Bridge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect' });
    expect(dialog).toHaveTextContent('Disconnect SimpleFIN Bridge? The movements it brought stay in your accounts');
    expect(writes).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'SimpleFIN Bridge' })).not.toBeInTheDocument());
    expect(writes).toEqual([{ method: 'DELETE', url: '/api/v1/bank/connections/7', body: null }]);
    expect(screen.getByText('No bank connected yet.')).toBeInTheDocument();
  });

  it('lists the matches a sync made and undoes one', async () => {
    const linked = simplefin();
    linked.accounts[0] = { ...linked.accounts[0]!, accountId: '2', appBalance: 120000 };
    const { writes } = serve({
      connections: [linked],
      matches: [
        {
          id: '31',
          movementId: '12',
          accountId: '2',
          amount: -4500,
          bankDate: '2026-11-04',
          bankDescription: 'GROCERY OUTLET',
          movementDate: '2026-11-03',
          movementDescription: 'Groceries',
        },
      ],
    });
    renderApp('/config/banks', 'en');
    const c = await card('SimpleFIN Bridge');
    const matches = await within(c).findByRole('region', { name: 'Matched with movements you had' });
    expect(matches).toHaveTextContent('GROCERY OUTLET -US$45.00 (4 Nov 2026) matched with your movement “Groceries” of 3 Nov 2026');
    await userEvent.click(within(matches).getByRole('button', { name: 'Undo the match of GROCERY OUTLET on 4 Nov 2026' }));
    await waitFor(() => expect(within(c).queryByRole('region', { name: 'Matched with movements you had' })).not.toBeInTheDocument());
    expect(writes).toEqual([{ method: 'DELETE', url: '/api/v1/bank/connections/7/matches/31', body: null }]);
  });
});

describe('Home: a failed bank sync', () => {
  it('is noticed, with a link to the bank connections', async () => {
    serve({
      connections: [simplefin({ lastError: { code: 'bank_consent_expired', message: '', retryAt: null } }), simplefin({ id: '9', institution: 'ING' })],
    });
    const { pathname } = renderApp('/', 'en');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('A bank sync failed');
    expect(notice).toHaveTextContent('SimpleFIN Bridge: The bank’s consent has ended or was revoked.');
    expect(notice).not.toHaveTextContent('ING');
    await userEvent.click(within(notice).getByRole('link', { name: 'See bank connections' }));
    expect(pathname()).toBe('/config/banks');
  });

  it('says nothing when every sync went well', async () => {
    serve({ connections: [simplefin({ lastSyncAt: 1764400000000, lastSync: { created: 1, matched: 0, updated: 0 } })] });
    renderApp('/', 'en');
    await screen.findByRole('heading', { name: 'Add a movement' });
    expect(screen.queryByText('A bank sync failed')).not.toBeInTheDocument();
  });

  it('makes no request for a viewer', async () => {
    const { gets } = serve({ role: 'viewer' });
    renderApp('/', 'en');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(gets().some((g) => g.startsWith('GET /api/v1/dashboard'))).toBe(true));
    expect(gets().filter((g) => g.includes('/bank/'))).toEqual([]);
  });
});
