import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LedgerImport, LedgerImportResult } from './ledgerImportApi';
import { api, mockFetch, renderApp, user } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.clean();
});

const me = { ...user, languagePreference: 'SWITCH_TO_ENGLISH', ledgerId: '1' };

const firefly: LedgerImport = {
  id: '7',
  fileName: 'firefly_export.csv',
  format: 'firefly',
  source: 'firefly',
  ledgers: [],
  ledger: '',
  name: '',
  baseCurrency: 'EUR',
  accounts: [
    { name: 'Checking', type: 'bank', currency: 'EUR', balance: 313_211, archived: false },
    { name: 'US Savings', type: 'savings', currency: 'USD', balance: 60_975, archived: false },
    { name: 'Car loan', type: 'loan', currency: 'EUR', balance: -470_000, archived: true },
  ],
  categories: 6,
  subcategories: 0,
  movements: 1234,
  transfers: 1,
  splits: 1,
  tags: 3,
  budgets: 0,
  schedules: 0,
  rules: 0,
  attachments: 0,
  from: '2024-01-01',
  to: '2024-02-29',
  skipped: [
    { line: 14, code: 'date', reason: 'the date "yesterday" is not a date' },
    { line: 16, code: 'amount', reason: 'the amount "12.3.4" is not a number' },
    { line: 0, code: 'currency', reason: 'account "Gold": the currency XAU is unknown here' },
  ],
  skippedCount: 5,
};

/** A Cash Control export with two ledgers: the second's preview comes on request. */
const export2: LedgerImport = {
  ...firefly,
  id: '8',
  fileName: 'cash-control-export.json',
  format: 'cashcontrol',
  source: 'cashcontrol',
  ledgers: [
    { id: '11', name: 'Home', movements: 40 },
    { id: '12', name: 'Trip to Lisbon', movements: 1 },
  ],
  ledger: '11',
  name: 'Home',
  baseCurrency: 'USD',
  movements: 40,
  skipped: [],
  skippedCount: 0,
};

type Answer = { status: number; body?: unknown };
type Body = Record<string, unknown>;

/**
 * The profile's server with ledger imports: each upload answers the next of
 * uploads; a commit waits until release() (so that a second click comes
 * while the first is on its way), then creates ledger 2.
 */
function server(uploads: Answer[], commits: Answer[] = []) {
  const ledgers = [
    { id: '1', name: 'Personal', baseCurrency: 'EUR', current: true, default: true, ecbFetchedAt: 0, ecbRates: false, members: 1, role: 'owner', owner: 'Ana' },
  ];
  const fetch = mockFetch(
    api(me, (url, init) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/v1/me/two-factor') return { status: 200, body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 } };
      if (url.startsWith('/api/v1/me/security-events') || url === '/api/v1/me/tokens' || url === '/api/v1/me/passkeys') return { status: 200, body: [] };
      if (url === '/api/v1/currencies')
        return {
          status: 200,
          body: [
            { code: 'EUR', exponent: 2 },
            { code: 'USD', exponent: 2 },
            { code: 'JPY', exponent: 0 },
          ],
        };
      if (url === '/api/v1/ledgers') return { status: 200, body: { items: ledgers } };
      if (url === '/api/v1/me/ledger' && method === 'PUT') {
        const { ledgerId } = JSON.parse(String(init?.body)) as { ledgerId: string };
        for (const l of ledgers) l.current = l.id === ledgerId;
        return { status: 200, body: { ...me, ledgerId } };
      }
      if (url === '/api/v1/me/ledger-imports' && method === 'POST') return uploads.shift() ?? { status: 500, body: { code: 'internal' } };
      // The server previews again in another base currency: the account the file gave none is in it.
      if (url === '/api/v1/me/ledger-imports/7?baseCurrency=USD' && method === 'GET')
        return {
          status: 200,
          body: { ...firefly, baseCurrency: 'USD', accounts: firefly.accounts.map((a) => (a.name === 'Checking' ? { ...a, currency: 'USD' } : a)) },
        };
      if (url === '/api/v1/me/ledger-imports/8?ledger=12' && method === 'GET')
        return { status: 200, body: { ...export2, ledger: '12', name: 'Trip to Lisbon', baseCurrency: 'JPY', movements: 1, categories: 0, transfers: 0 } };
      if (/^\/api\/v1\/me\/ledger-imports\/\d+\/commit$/.test(url)) {
        const next = commits.shift();
        if (next) return next;
        const b = JSON.parse(String(init?.body)) as Body;
        ledgers.push({ ...ledgers[0]!, id: '2', name: b.name as string, current: false, default: false });
        const made: LedgerImportResult = {
          ledgerId: '2',
          name: b.name as string,
          accounts: 3,
          categories: 6,
          movements: 1234,
          budgets: 0,
          schedules: 0,
          rules: 0,
          attachments: 0,
        };
        return { status: 201, body: made };
      }
      if (/^\/api\/v1\/me\/ledger-imports\/\d+$/.test(url) && method === 'DELETE') return { status: 204 };
      if (url.startsWith('/api/v1/movements')) return { status: 200, body: { items: [], nextCursor: null } };
      return undefined;
    }),
  );
  // Commits wait for release(): the test clicks twice before the first answer.
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const answer = fetch.getMockImplementation()!;
  fetch.mockImplementation(async (input, init) => {
    if (String(input).endsWith('/commit')) await gate;
    return answer(input, init);
  });
  const calls = (method: string, match: RegExp) => fetch.mock.calls.filter(([u, i]) => (i?.method ?? 'GET') === method && match.test(String(u)));
  return {
    fetch,
    release,
    uploaded: () => calls('POST', /\/ledger-imports$/).map(([, i]) => ((i?.body as FormData).get('file') as File).name),
    committed: () => calls('POST', /\/commit$/).map(([u, i]) => [String(u), JSON.parse(String(i?.body)) as Body]),
    deleted: () => calls('DELETE', /ledger-imports/).map(([u]) => String(u)),
    switched: () => calls('PUT', /\/me\/ledger$/).map(([, i]) => JSON.parse(String(i?.body)) as Body),
  };
}

/** Profile's "Import a ledger" (inside "Your data"), once the page is there. */
async function section() {
  return within(await screen.findByRole('region', { name: 'Import a ledger' }));
}

async function upload(name: string, text = 'a,b\n1,2\n') {
  const s = await section();
  const input = s.getByRole('button', { name: 'Choose a file…' }).parentElement!.querySelector('input[type=file]') as HTMLInputElement;
  expect(input.accept).toBe('.json,.zip,.csv,.tsv,.txt');
  await userEvent.upload(input, new File([text], name, { type: 'text/csv' }));
}

describe('importing a ledger from Profile', () => {
  it('previews another app’s file, creates the ledger once on a double click, switches to it and opens its movements', async () => {
    const srv = server([{ status: 201, body: firefly }]);
    const { pathname } = renderApp('/profile', 'en');
    expect((await section()).getByText(/your Cash Control export \(\.json or \.zip\), or an export of Firefly III/)).toBeInTheDocument();
    await upload('firefly_export.csv');
    expect(srv.uploaded()).toEqual(['firefly_export.csv']);

    const dialog = within(await screen.findByRole('dialog', { name: 'Import a ledger' }));
    expect(dialog.getByText('Firefly III')).toBeInTheDocument();
    expect(dialog.getByText('firefly_export.csv')).toBeInTheDocument();
    // The file has no name of its own: the file name without its extension; the file's currency.
    expect(dialog.getByRole('textbox', { name: /^Name of the new ledger/ })).toHaveValue('firefly_export');
    await waitFor(() => expect(dialog.getByRole('combobox', { name: /^Main currency/ })).toHaveValue('EUR · Euro'));
    expect(dialog.queryByRole('combobox', { name: /^Ledger to import/ })).toBeNull();
    expect(dialog.getByText('From 1 Jan 2024 to 29 Feb 2024')).toBeInTheDocument();

    // The counts: movements, and only what the file has.
    const counts = dialog.getAllByRole('term').map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(counts).toEqual(['Movements: 1,234', 'Categories: 6', 'Transfer: 1', 'Split movement: 1', 'Tags: 3']);

    // The accounts, each balance in its currency ("" is the chosen base).
    const rows = dialog.getAllByRole('row').map((r) => Array.from(r.querySelectorAll('th,td'), (c) => c.textContent));
    expect(rows).toEqual([
      ['Account', 'Currency', 'Balance'],
      ['Checking', 'EUR', '€3,132.11'],
      ['US Savings', 'USD', 'US$609.75'],
      ['Car loanArchived', 'EUR', '-€4,700.00'],
    ]);
    expect(dialog.getByText('3 accounts')).toBeInTheDocument();

    // The rows left out, in the user's words, on request.
    expect(dialog.getByText('5 rows will be left out')).toBeInTheDocument();
    expect(dialog.queryByText(/^Line 14/)).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Show which' }));
    const list = await dialog.findByRole('list');
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.firstChild?.textContent);
    expect(items).toEqual([
      'Line 14: the date cannot be read',
      'Line 16: the amount is missing, zero or too large',
      'the currency is unknown or not its account’s',
      'and 2 more',
    ]);

    // The base currency changed: the server previews again, the account the file gave no currency is in it.
    await userEvent.click(dialog.getByRole('combobox', { name: /^Main currency/ }));
    await userEvent.click(screen.getByRole('option', { name: 'USD · US Dollar', hidden: true }));
    await waitFor(() => expect(dialog.getAllByRole('row')[1]).toHaveTextContent('CheckingUSDUS$3,132.11'));

    const name = dialog.getByRole('textbox', { name: /^Name of the new ledger/ });
    await userEvent.clear(name);
    await userEvent.type(name, '  Firefly  ');
    await userEvent.dblClick(dialog.getByRole('button', { name: 'Create ledger' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Create ledger' })).toHaveAttribute('data-loading', 'true'));
    srv.release();

    expect(await screen.findByText('Ledger “Firefly” created: 1,234 movements')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/movements'));
    expect(srv.committed()).toEqual([['/api/v1/me/ledger-imports/7/commit', { name: 'Firefly', baseCurrency: 'USD', ledger: '' }]]);
    expect(srv.switched()).toEqual([{ ledgerId: '2' }]);
    expect(srv.deleted()).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lets the user choose among an export’s ledgers, and Cancel discards the file', async () => {
    const srv = server([{ status: 201, body: export2 }]);
    renderApp('/profile', 'en');
    await upload('cash-control-export.json', '{}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Import a ledger' }));
    expect(dialog.getByText('Cash Control export')).toBeInTheDocument();
    const ledger = dialog.getByRole('combobox', { name: /^Ledger to import/ });
    expect(ledger).toHaveValue('Home (40 movements)');
    expect(dialog.getByRole('textbox', { name: /^Name of the new ledger/ })).toHaveValue('Home');
    await waitFor(() => expect(dialog.getByRole('combobox', { name: /^Main currency/ })).toHaveValue('USD · US Dollar'));
    expect(dialog.queryByText(/left out/)).toBeNull();

    await userEvent.click(ledger);
    await userEvent.click(screen.getByRole('option', { name: 'Trip to Lisbon (1 movement)', hidden: true }));
    await waitFor(() => expect(dialog.getByRole('textbox', { name: /^Name of the new ledger/ })).toHaveValue('Trip to Lisbon'));
    // A searchable Select writes its new label into its input a render later.
    await waitFor(() => expect(dialog.getByRole('combobox', { name: /^Main currency/ })).toHaveValue('JPY · Japanese Yen'));
    expect(dialog.getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Movement', 'Split movement', 'Tags']);

    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(srv.deleted()).toEqual(['/api/v1/me/ledger-imports/8']);
    expect(srv.committed()).toEqual([]);
  });

  it('says in the user’s language why a file cannot be imported, and a commit’s field errors and limits', async () => {
    const srv = server(
      [
        { status: 415, body: { status: 415, code: 'unsupported_media_type' } },
        { status: 400, body: { status: 400, code: 'invalid', errors: [{ field: 'file', code: 'invalid' }] } },
        { status: 413, body: { status: 413, code: 'payload_too_large' } },
        { status: 400, body: { status: 400, code: 'invalid', errors: [{ field: 'file', code: 'out_of_range' }] } },
        { status: 409, body: { status: 409, code: 'too_many_pending_imports' } },
        { status: 201, body: firefly },
      ],
      [
        { status: 400, body: { status: 400, code: 'invalid', errors: [{ field: 'name', code: 'too_long' }] } },
        { status: 409, body: { status: 409, code: 'too_many_ledgers' } },
      ],
    );
    srv.release();
    renderApp('/profile', 'en');
    await upload('notes.txt');
    const s = await section();
    expect(await s.findByRole('alert')).toHaveTextContent(
      'This is not a file Cash Control can import: choose a Cash Control export (.json or .zip), or an export of Firefly III (CSV), Actual Budget (.zip) or ezBookkeeping (CSV or TSV).',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await upload('broken.zip');
    expect(await s.findByText(/This file cannot be read: it is damaged, or not that app’s export/)).toBeInTheDocument();
    await upload('huge.zip');
    expect(await s.findByText('The file is larger than 20 MB, the most that can be imported.')).toBeInTheDocument();
    await upload('many.zip');
    expect(await s.findByText(/^This file holds more than 100,000 movements, the most one ledger import takes\./)).toBeInTheDocument();
    await upload('again.csv');
    expect(await s.findByText(/Too many files are waiting to be imported/)).toBeInTheDocument();

    await upload('firefly_export.csv');
    const dialog = within(await screen.findByRole('dialog', { name: 'Import a ledger' }));
    expect(s.queryByRole('alert')).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Create ledger' }));
    expect(await dialog.findByText('Too long')).toBeInTheDocument();
    expect(dialog.getByRole('alert')).toHaveTextContent('Some fields need attention.');
    await userEvent.click(dialog.getByRole('button', { name: 'Create ledger' }));
    expect(await dialog.findByText('You own as many ledgers as this server allows. Delete one you no longer use first.')).toBeInTheDocument();
    // Nothing without a name.
    await userEvent.clear(dialog.getByRole('textbox', { name: /^Name of the new ledger/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create ledger' }));
    expect(dialog.getByText('Required')).toBeInTheDocument();
    expect(srv.committed()).toHaveLength(2);
  });

  it('speaks Spanish and French too', async () => {
    for (const [lang, pref, title, label, skipped, show, line] of [
      ['es', 'SWITCH_TO_SPANISH', 'Importar un libro', 'Firefly III', 'Se dejarán fuera 5 filas', 'Ver cuáles', 'Línea 14: la fecha no se puede leer'],
      [
        'fr',
        'SWITCH_TO_FRENCH',
        'Importer un registre',
        'Firefly III',
        '5 lignes seront laissées de côté',
        'Voir lesquelles',
        'Ligne 14 : la date est illisible',
      ],
    ] as const) {
      server([{ status: 201, body: firefly }]);
      me.languagePreference = pref;
      const { unmount } = renderApp('/profile', lang);
      const s = within(await screen.findByRole('region', { name: title }));
      const input = s.getByRole('button').parentElement!.querySelector('input[type=file]') as HTMLInputElement;
      await userEvent.upload(input, new File(['x'], 'firefly_export.csv'));
      const dialog = within(await screen.findByRole('dialog', { name: title }));
      expect(dialog.getByText(label)).toBeInTheDocument();
      expect(dialog.getByText(skipped)).toBeInTheDocument();
      await userEvent.click(dialog.getByRole('button', { name: show }));
      expect(await dialog.findByText(line)).toBeInTheDocument();
      unmount();
      vi.unstubAllGlobals();
    }
    me.languagePreference = 'SWITCH_TO_ENGLISH';
  });
});
