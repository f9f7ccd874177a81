import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account, LedgerRole, Rate } from '@/shared/api/types';
import { today } from '@/shared/dates';
import { preferenceOf, type Language } from '@/shared/i18n';
import { dictionaries } from '@/shared/i18n/all';
import type { CurrencyUnit } from '@/shared/money';
import { api, mockFetch, renderApp, user } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const account = (id: string, currency: string): Account => ({
  id,
  name: `Account ${currency}`,
  type: 'bank',
  currency,
  openingBalance: 0,
  balance: 0,
  position: Number(id),
  archived: false,
  hasMovements: true,
  lastReconciled: null,
  reconcileDraft: null,
});

interface Write {
  method: string;
  url: string;
  body: unknown;
}

/** A ledger in EUR with EUR, USD and JPY accounts; rates as given; writes recorded and answered as the contract says.
 * ledger: the user's role in it (none: the user's own ledger), whether the ECB's rates are on, and its own currencies. */
function serve(
  lang: Language,
  rates: Rate[],
  answer: (w: Write) => { status: number; body?: unknown } | undefined = () => undefined,
  ledger: { role?: LedgerRole; ecbRates?: boolean; own?: CurrencyUnit[] } = {},
) {
  const writes: Write[] = [];
  let base = 'EUR';
  let ecbRates = ledger.ecbRates ?? false;
  const me = { ...user, languagePreference: preferenceOf(lang) };
  const fetch = mockFetch(
    api(ledger.role ? { ...me, ledgerId: '2', ledgerRole: ledger.role, defaultLedgerId: '1' } : me, (url, init) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        const b = init?.body;
        const w = { method, url, body: b instanceof FormData ? { file: (b.get('file') as File).name } : b ? JSON.parse(String(b)) : null };
        writes.push(w);
        const a = answer(w);
        if (a) return a;
        if (url === '/api/v1/ledger') {
          const b = w.body as { baseCurrency?: string; ecbRates?: boolean };
          base = b.baseCurrency ?? base;
          ecbRates = b.ecbRates ?? ecbRates;
          return { status: 200, body: { id: '1', name: 'Ana', baseCurrency: base, ecbRates, ecbFetchedAt: ecbRates ? 1772000000 : 0 } };
        }
        if (url === '/api/v1/rates') return { status: 201, body: { id: '99', source: 'manual', quote: base, ...(w.body as object) } };
        if (url.startsWith('/api/v1/rates/')) return { status: 204 };
      }
      if (url === '/api/v1/ledger')
        return { status: 200, body: { id: '1', name: 'Ana', baseCurrency: base, ecbRates, ecbFetchedAt: ecbRates ? 1772000000 : 0 } };
      if (url === '/api/v1/ledger/currencies' && ledger.own) return { status: 200, body: { items: ledger.own } };
      if (url === '/api/v1/currencies')
        return {
          status: 200,
          body: ['EUR', 'GBP', 'JPY', 'USD'].map((code) => ({ code, exponent: code === 'JPY' ? 0 : 2 })),
        };
      if (url === '/api/v1/accounts')
        return { status: 200, body: { items: [account('1', 'EUR'), account('2', 'USD'), account('3', 'JPY')], nextCursor: null } };
      if (url.startsWith('/api/v1/rates?')) {
        const c = new URLSearchParams(url.split('?')[1]).get('currency');
        return { status: 200, body: { items: rates.filter((r) => r.currency === c || r.quote === c) } };
      }
      return undefined;
    }),
  );
  return { writes, fetch };
}

const usd: Rate[] = [
  { id: '7', currency: 'USD', quote: 'EUR', date: '2026-03-02', rate: '0.9215', source: 'manual' },
  { id: '6', currency: 'USD', quote: 'EUR', date: '2026-02-14', rate: '0.93', source: 'transfer', movementId: '12' },
  { id: '5', currency: 'USD', quote: 'EUR', date: '2026-02-01', rate: '0.94', source: 'ecb' },
  { id: '4', currency: 'USD', quote: 'EUR', date: '2026-01-02', rate: '0.95', source: 'csv' },
];

/** Opens a select and gives its list. jsdom lays nothing out, so floating-ui
 * takes the select for hidden and hides its list (display: none): the list's
 * parts are looked up with hidden: true. */
async function open(combobox: HTMLElement) {
  await userEvent.click(combobox);
  const list = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('the select did not open');
  return list;
}

const rowsOf = (list: HTMLElement, role = 'listitem') =>
  within(list)
    .getAllByRole(role)
    .map((r) => r.textContent?.replace(/[\u00a0\u202f]/g, ' '));

describe('Configuration: currencies and rates', () => {
  it('is a section of Configuration, reached from its other section', async () => {
    serve('en', usd);
    const { pathname } = renderApp('/config', 'en');
    const nav = await screen.findByRole('navigation', { name: 'Configuration sections' });
    expect(within(nav).getByRole('link', { name: 'General' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('link', { name: 'Currencies and rates' }));
    expect(await screen.findByRole('heading', { name: 'Exchange rates' })).toBeInTheDocument();
    expect(pathname()).toBe('/config/currencies');
    expect(within(screen.getByRole('navigation', { name: 'Configuration sections' })).getByRole('link', { name: 'Currencies and rates' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows the base currency and the first other account currency’s rates, newest first, with their sources', async () => {
    serve('en', usd);
    renderApp('/config/currencies', 'en');
    const list = await screen.findByRole('list', { name: 'Rates of USD' });
    expect(screen.getByRole('combobox', { name: 'Currency of every total' })).toHaveValue('EUR · Euro');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD · US Dollar');
    expect(rowsOf(list)).toEqual([
      '2 Mar 20261 USD = 0.9215 EUREntered',
      '14 Feb 20261 USD = 0.93 EURLearnt from a transferSee the transfer',
      '1 Feb 20261 USD = 0.94 EURECB',
      '2 Jan 20261 USD = 0.95 EURCSV',
    ]);
    expect(within(list).getByRole('link', { name: 'See the transfer of 14 Feb 2026' })).toHaveAttribute(
      'href',
      '/movements?from=2026-02-14&to=2026-02-14&type=transfer',
    );
  });

  it('adds a rate: checked as the server checks it, sent as a string, dated today by default', async () => {
    const { writes } = serve('es', usd);
    const d = dictionaries.es;
    renderApp('/config/currencies', 'es');
    await screen.findByRole('list', { name: 'Tipos de USD' });
    await userEvent.click(screen.getByRole('button', { name: d.rates.add }));
    const dialog = await screen.findByRole('dialog', { name: d.rates.add });
    expect(within(dialog).getByLabelText(/Fecha/)).toHaveValue(today());
    const rate = within(dialog).getByRole('textbox', { name: /1 USD en EUR/ });
    for (const bad of ['0', '-1', '1.234,5', '1234567890123']) {
      await userEvent.clear(rate);
      await userEvent.type(rate, bad);
      await userEvent.click(within(dialog).getByRole('button', { name: d.common.save }));
      expect(within(dialog).getByText(d.rates.rateInvalid)).toBeInTheDocument();
    }
    expect(writes).toEqual([]);
    await userEvent.clear(rate);
    await userEvent.type(rate, '0,9182');
    await userEvent.click(within(dialog).getByRole('button', { name: d.common.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toEqual([{ method: 'POST', url: '/api/v1/rates', body: { currency: 'USD', quote: 'EUR', date: today(), rate: '0.9182' } }]);
  });

  it.each(['en', 'fr'] as const)('shows the server’s field errors at their fields (%s)', async (lang) => {
    const d = dictionaries[lang];
    serve(lang, usd, (w) =>
      w.method === 'POST'
        ? {
            status: 400,
            body: {
              status: 400,
              code: 'invalid',
              errors: [
                { field: 'date', code: 'invalid' },
                { field: 'rate', code: 'invalid' },
                { field: 'currency', code: 'unknown' },
              ],
            },
          }
        : undefined,
    );
    renderApp('/config/currencies', lang);
    await screen.findByRole('list', { name: /USD/ });
    await userEvent.click(screen.getByRole('button', { name: d.rates.add }));
    const dialog = await screen.findByRole('dialog', { name: d.rates.add });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /1 USD/ }), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: d.common.save }));
    expect(await within(dialog).findByText(d.rates.rateInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(d.fieldErrors.invalid)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(`USD: ${d.fieldErrors.unknown}`);
  });

  it('edits a rate by posting its date again, and deletes one after asking', async () => {
    const { writes } = serve('en', usd);
    renderApp('/config/currencies', 'en');
    await screen.findByRole('list', { name: 'Rates of USD' });
    await userEvent.click(screen.getByRole('button', { name: 'Actions: 1 Feb 2026' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rate' });
    expect(within(dialog).getByLabelText(/Date/)).toBeDisabled();
    const rate = within(dialog).getByRole('textbox', { name: /1 USD in EUR/ });
    expect(rate).toHaveValue('0.94');
    await userEvent.clear(rate);
    await userEvent.type(rate, '0.945');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({ method: 'POST', url: '/api/v1/rates', body: { currency: 'USD', quote: 'EUR', date: '2026-02-01', rate: '0.945' } });

    await userEvent.click(screen.getByRole('button', { name: 'Actions: 2 Jan 2026' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete the rate of 2 Jan 2026?' });
    expect(ask).toHaveTextContent('1 USD = 0.95 EUR');
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toEqual({ method: 'DELETE', url: '/api/v1/rates/4', body: null });
  });

  it('lists the account currencies first, and opens the currency a link asks for', async () => {
    serve('en', [{ id: '9', currency: 'JPY', quote: 'EUR', date: '2026-03-01', rate: '0.0061', source: 'manual' }]);
    renderApp('/config/currencies?currency=JPY', 'en');
    const rates = await screen.findByRole('list', { name: 'Rates of JPY' });
    expect(rowsOf(rates)).toEqual(['1 Mar 20261 JPY = 0.0061 EUREntered']);
    const list = await open(screen.getByRole('combobox', { name: 'Currency' }));
    const groups = within(list).getAllByRole('group', { hidden: true });
    expect(
      groups.map((g) => [
        g.firstChild?.textContent,
        within(g)
          .getAllByRole('option', { hidden: true })
          .map((o) => o.textContent?.slice(0, 3)),
      ]),
    ).toEqual([
      ['In your accounts', ['USD', 'JPY']],
      ['Other currencies', ['GBP']],
    ]);
    await userEvent.click(within(list).getByRole('option', { name: /^USD/, hidden: true }));
    expect(await screen.findByText(/No rates for USD yet/)).toBeInTheDocument();
  });

  it('changes the base currency only after saying what it does', async () => {
    const { writes } = serve('en', usd);
    renderApp('/config/currencies', 'en');
    const select = await screen.findByRole('combobox', { name: 'Currency of every total' });
    await userEvent.click(within(await open(select)).getByRole('option', { name: 'JPY · Japanese Yen', hidden: true }));
    let ask = await screen.findByRole('dialog', { name: 'Change the main currency to JPY?' });
    expect(ask).toHaveTextContent('Every converted figure (reports, dashboard, Home and the movement totals) will be re-expressed in JPY');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toEqual([]);
    expect(select).toHaveValue('EUR · Euro');

    await userEvent.click(within(await open(select)).getByRole('option', { name: 'USD · US Dollar', hidden: true }));
    ask = await screen.findByRole('dialog', { name: 'Change the main currency to USD?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Change to USD' }));
    await waitFor(() => expect(writes).toEqual([{ method: 'PUT', url: '/api/v1/ledger', body: { baseCurrency: 'USD' } }]));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Currency of every total' })).toHaveValue('USD · US Dollar'));
    expect(await screen.findByText('Totals are now in USD')).toBeInTheDocument();
  });

  it('imports a CSV of rates after showing what it holds and its bad lines', async () => {
    const { writes } = serve('en', usd, (w) => {
      if (w.url === '/api/v1/rates/import?dryRun=true')
        return {
          status: 200,
          body: {
            quote: 'EUR',
            total: 3,
            valid: 2,
            rows: [
              { line: 2, date: '2026-01-02', currency: 'USD', rate: '0.95' },
              { line: 3, date: '2026-01-02', currency: 'JPY', rate: '0.0061' },
            ],
            errors: [{ line: 4, field: 'rate', code: 'invalid' }],
          },
        };
      if (w.url === '/api/v1/rates/import?skipInvalid=true') return { status: 200, body: { imported: 2, skipped: 1 } };
      return undefined;
    });
    renderApp('/config/currencies', 'en');
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import rates from a CSV file' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['date,currency,rate\n2026-01-02,USD,0.95\n'], 'rates.csv', { type: 'text/csv' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Read the file' }));
    const preview = await within(dialog).findByRole('table', { name: 'Preview' });
    expect(rowsOf(preview, 'row').slice(1)).toEqual(['2 Jan 20261 USD = 0.95 EUR', '2 Jan 20261 JPY = 0.0061 EUR']);
    expect(within(dialog).getByText('Row 4, rate: Not valid')).toBeInTheDocument();
    const commit = within(dialog).getByRole('button', { name: 'Import 2 rates' });
    expect(commit).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Skip the lines with errors' }));
    await userEvent.click(commit);
    expect(await screen.findByText('2 rates saved')).toBeInTheDocument();
    expect(writes.map((w) => [w.method, w.url, w.body])).toEqual([
      ['POST', '/api/v1/rates/import?dryRun=true', { file: 'rates.csv' }],
      ['POST', '/api/v1/rates/import?skipInvalid=true', { file: 'rates.csv' }],
    ]);
  });

  it('switches on the ECB’s daily rates, and says so when the download fails', async () => {
    let fail = true;
    const { writes } = serve('es', usd, (w) =>
      w.url === '/api/v1/ledger' && fail
        ? { status: 502, body: { status: 502, code: 'rates_unavailable' } }
        : w.url === '/api/v1/rates/ecb'
          ? { status: 200, body: { imported: 31 } }
          : undefined,
    );
    const d = dictionaries.es;
    renderApp('/config/currencies', 'es');
    const ecb = await screen.findByRole('switch', { name: new RegExp(`^${d.rates.ecb}`) });
    await userEvent.click(ecb);
    expect(await screen.findByText(d.errors.rates_unavailable)).toBeInTheDocument();
    await waitFor(() => expect(ecb).not.toBeChecked());
    expect(screen.queryByRole('button', { name: d.rates.ecbNow })).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(ecb);
    await waitFor(() => expect(ecb).toBeChecked());
    await userEvent.click(await screen.findByRole('button', { name: d.rates.ecbNow }));
    expect(await screen.findByText('31 tipos guardados')).toBeInTheDocument();
    expect(writes.map((w) => [w.method, w.url, w.body])).toEqual([
      ['PUT', '/api/v1/ledger', { ecbRates: true }],
      ['PUT', '/api/v1/ledger', { ecbRates: true }],
      ['POST', '/api/v1/rates/ecb', {}],
    ]);
  });

  it('adds a currency of its own, checked first, and shows amounts in it with its decimals and symbol', async () => {
    const units = [{ code: 'MILES', name: 'Air miles', symbol: 'mi', decimals: 0 }];
    const { writes } = serve('en', usd, (w) => {
      if (w.url === '/api/v1/ledger/currencies' && w.method === 'POST') {
        units.push(w.body as (typeof units)[number]);
        return { status: 201, body: w.body };
      }
      return undefined;
    });
    const fetch = vi.mocked(globalThis.fetch);
    const served = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/v1/ledger/currencies' && (init?.method ?? 'GET') === 'GET') return new Response(JSON.stringify({ items: units }), { status: 200 });
      if (url === '/api/v1/accounts')
        return new Response(JSON.stringify({ items: [account('1', 'EUR'), { ...account('4', 'MILES'), balance: 125000 }], nextCursor: null }), { status: 200 });
      return served(input, init);
    });
    renderApp('/config/currencies', 'en');
    const own = await screen.findByRole('list', { name: 'Your own currencies' });
    expect(within(own).getByRole('listitem')).toHaveTextContent('MILES · Air milesSymbol mi · 0 decimals');
    await userEvent.click(screen.getByRole('button', { name: 'Add a currency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a currency' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Code/ }), 'sat-s');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Satoshis');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('2 to 10 letters or digits')).toBeInTheDocument();
    const code = within(dialog).getByRole('textbox', { name: /Code/ });
    await userEvent.clear(code);
    await userEvent.type(code, 'sats');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Decimals' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Decimals' }), '8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toEqual([{ method: 'POST', url: '/api/v1/ledger/currencies', body: { code: 'SATS', name: 'Satoshis', symbol: '', decimals: 8 } }]);
    await within(own).findByText('SATS · Satoshis');

    // An account in a currency of its own: its balance with the currency's decimals and symbol.
    await userEvent.click(screen.getByRole('link', { name: 'General' }));
    // (the text matcher turns the no-break space between number and symbol into a space)
    expect(await screen.findByText('125,000 mi')).toBeInTheDocument();
  });

  it('deletes a currency of its own only after asking', async () => {
    const units = [{ code: 'MILES', name: 'Air miles', symbol: 'mi', decimals: 0 }];
    const { writes } = serve('en', usd, (w) => {
      if (w.url === '/api/v1/ledger/currencies/MILES' && w.method === 'DELETE') {
        units.splice(0, 1);
        return { status: 204 };
      }
      return undefined;
    });
    const fetch = vi.mocked(globalThis.fetch);
    const served = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      if (String(input) === '/api/v1/ledger/currencies' && (init?.method ?? 'GET') === 'GET')
        return new Response(JSON.stringify({ items: units }), { status: 200 });
      return served(input, init);
    });
    renderApp('/config/currencies', 'en');
    const own = await screen.findByRole('list', { name: 'Your own currencies' });
    await userEvent.click(within(own).getByRole('button', { name: 'Delete: MILES' }));
    let ask = await screen.findByRole('dialog', { name: 'Delete MILES?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toEqual([]);
    await userEvent.click(within(own).getByRole('button', { name: 'Delete: MILES' }));
    ask = await screen.findByRole('dialog', { name: 'Delete MILES?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('MILES deleted')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'DELETE', url: '/api/v1/ledger/currencies/MILES', body: null }]);
  });
});

describe('Configuration: currencies and rates for a viewer of the ledger', () => {
  const miles = [{ code: 'MILES', name: 'Air miles', symbol: 'mi', decimals: 0 }];

  it('shows the base currency, the rates and the ledger’s own currencies, and no way to change any', async () => {
    serve('en', usd, undefined, { role: 'viewer', ecbRates: true, own: miles });
    renderApp('/config/currencies', 'en');
    const list = await screen.findByRole('list', { name: 'Rates of USD' });
    expect(screen.getByRole('note')).toHaveTextContent('You can only view this ledger');
    expect(rowsOf(list)[0]).toBe('2 Mar 20261 USD = 0.9215 EUREntered');
    // The base currency is told, not a list to change it.
    expect(screen.getByRole('region', { name: 'Main currency' })).toHaveTextContent('Currency of every totalEUR · Euro');
    expect(screen.queryByRole('combobox', { name: 'Currency of every total' })).toBeNull();
    // Another currency's rates are still a choice away.
    expect(screen.getByRole('combobox', { name: 'Currency' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Add rate' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions:/ })).toBeNull();
    // The ECB's daily rates are told as a fact; nothing to import, switch or download.
    const sources = screen.getByRole('region', { name: 'Downloaded rates' });
    expect(sources).toHaveTextContent('The European Central Bank’s reference rates are downloaded every day.');
    expect(within(sources).getByText(/^Last downloaded:/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download now' })).toBeNull();
    const own = await screen.findByRole('list', { name: 'Your own currencies' });
    expect(own).toHaveTextContent('MILES · Air miles');
    expect(screen.queryByRole('button', { name: 'Add a currency' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete: MILES' })).toBeNull();
  });

  it('without rates, own currencies or the ECB, a viewer is told so and asked to add none', async () => {
    serve('en', [], undefined, { role: 'viewer' });
    renderApp('/config/currencies', 'en');
    expect(await screen.findByText('No rates for USD yet.')).toBeInTheDocument();
    expect(screen.getByText('This ledger has no currencies of its own.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Downloaded rates' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Import and download rates' })).toBeNull();
  });

  it('an editor has them all', async () => {
    serve('en', usd, undefined, { role: 'editor', ecbRates: true, own: miles });
    renderApp('/config/currencies', 'en');
    const list = await screen.findByRole('list', { name: 'Rates of USD' });
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Currency of every total' })).toHaveValue('EUR · Euro');
    expect(screen.getByRole('button', { name: 'Add rate' })).toBeEnabled();
    expect(within(list).getByRole('button', { name: 'Actions: 2 Mar 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeEnabled();
    expect(screen.getByRole('switch', { name: /Download the European Central Bank’s rates every day/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Download now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a currency' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Delete: MILES' })).toBeInTheDocument();
  });
});
