import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account, Movement } from '@/shared/api/types';
import { api, mockFetch, renderApp, user } from '@/test/render';
import { dayTotals } from './movements/MovementList';

// Every total in the ledger's base currency by default, the per-currency
// sections one click away, and a warning naming the currencies without a rate.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const me = { ...user, languagePreference: 'SWITCH_TO_ENGLISH' };
const account = (id: string, currency: string, balance: number): Account => ({
  id,
  name: `Account ${currency}`,
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
const accounts = [account('1', 'EUR', 100000), account('2', 'USD', 50000), account('3', 'JPY', 9000)];
const movement = (id: string, m: Partial<Movement>): Movement => ({
  id,
  state: 'uncleared',
  type: 'expense',
  date: '2026-03-05',
  amount: 1000,
  currency: 'USD',
  accountId: '2',
  categoryId: null,
  toAccountId: null,
  toAmount: null,
  description: `Movement ${id}`,
  notes: '',
  tags: [],
  splits: [],
  baseAmount: null,
  toBaseAmount: null,
  baseEstimated: false,
  attachments: 0,
  createdBy: null,
  createdAt: 0,
  updatedBy: null,
  updatedAt: 0,
  ...m,
});
const month = (currency: string, earnings: number, expenses: number) => ({ currency, earnings, expenses, net: earnings - expenses, savingsRate: null });

const dashboard = {
  today: '2026-03-10',
  month: '2026-03',
  balances: [
    { currency: 'EUR', balance: 100000 },
    { currency: 'USD', balance: 50000 },
    { currency: 'JPY', balance: 9000 },
  ],
  accounts,
  thisMonth: [month('EUR', 200000, 50000), month('USD', 0, 1000)],
  lastMonth: [month('EUR', 190000, 40000)],
  topCategories: [],
  trend: [],
  recent: [
    movement('1', { description: 'Hotel', amount: 1000, baseAmount: 920, baseEstimated: true }),
    movement('2', { description: 'Ramen', currency: 'JPY', accountId: '3', amount: 1200, baseAmount: null }),
    movement('3', { description: 'Bakery', currency: 'EUR', accountId: '1', amount: 450, baseAmount: 450 }),
  ],
  converted: {
    currency: 'EUR',
    balance: 146000,
    thisMonth: month('EUR', 200000, 50920),
    lastMonth: month('EUR', 190000, 40000),
    topCategories: { currency: 'EUR', total: 0, count: 0, categories: [] },
    trend: { currency: 'EUR', months: [] },
    incomplete: ['JPY'],
  },
};

function serve(extra: (url: string) => { status: number; body?: unknown } | undefined = () => undefined) {
  return mockFetch(
    api(me, (url) => {
      if (url.startsWith('/api/v1/dashboard')) return { status: 200, body: dashboard };
      if (url === '/api/v1/accounts') return { status: 200, body: { items: accounts, nextCursor: null } };
      return extra(url);
    }),
  );
}

const text = (e: HTMLElement) => e.textContent?.replace(/[\u00a0\u202f]/g, ' ') ?? '';

describe('converted figures', () => {
  it('the dashboard shows every total in the base currency, warns of the currency without a rate, and shows each currency on request', async () => {
    serve();
    renderApp('/dashboard', 'en');
    const balance = await screen.findByRole('region', { name: 'Balance' });
    expect(text(balance)).toBe('Balance€1,460.00');
    expect(text(screen.getByRole('region', { name: 'This month' }))).toContain('€509.20');
    const warning = screen.getByRole('status');
    expect(text(warning)).toContain('Movements in JPY have no exchange rate, so they are left out of the totals in EUR.');
    expect(within(warning).getByRole('link', { name: 'Add exchange rates' })).toHaveAttribute('href', '/config/currencies?currency=JPY');

    await userEvent.click(screen.getByRole('radio', { name: 'By currency' }));
    await waitFor(() => expect(text(screen.getByRole('region', { name: 'Balance' }))).toBe('Balance€1,000.00US$500.00JP¥9,000'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(localStorage.getItem('cc.totals')).toBe('byCurrency');
    await userEvent.click(screen.getByRole('radio', { name: 'In EUR' }));
    await waitFor(() => expect(text(screen.getByRole('region', { name: 'Balance' }))).toBe('Balance€1,460.00'));
  });

  it('a movement in another currency shows its original amount and the converted one, estimated or lacking a rate', async () => {
    serve();
    renderApp('/dashboard', 'en');
    const recent = await screen.findByRole('region', { name: 'Recent movements' });
    const items = within(recent)
      .getAllByRole('listitem')
      .map((li) => text(li));
    expect(items[0]).toContain('-US$10.00≈ -€9.20 est.(converted at the rate of a later date');
    expect(items[1]).toMatch(/-JP¥1,200no rate$/);
    expect(items[2]).toMatch(/-€4\.50$/);
  });

  it('Home shows this month converted, with the same choice and warning', async () => {
    serve();
    renderApp('/', 'en');
    const glance = await screen.findByRole('region', { name: 'This month at a glance' });
    expect(text(glance)).toContain('€509.20');
    expect(within(glance).getByRole('status')).toHaveTextContent('JPY');
    await userEvent.click(within(glance).getByRole('radio', { name: 'By currency' }));
    await waitFor(() => expect(text(glance)).toContain('US$10.00'));
  });

  it('without converted figures (nothing to convert), the screens show each currency and no choice', async () => {
    mockFetch(
      api(me, (url) =>
        url.startsWith('/api/v1/dashboard')
          ? { status: 200, body: { ...dashboard, converted: undefined, recent: [], thisMonth: [], lastMonth: [] } }
          : undefined,
      ),
    );
    renderApp('/dashboard', 'en');
    const balance = await screen.findByRole('region', { name: 'Balance' });
    expect(text(balance)).toBe('Balance€1,000.00US$500.00JP¥9,000');
    expect(screen.queryByRole('radio', { name: 'By currency' })).not.toBeInTheDocument();
  });

  it('the reports show the converted entry, and one currency’s section on request', async () => {
    const cats = (currency: string, total: number) => ({
      currency,
      total,
      count: 1,
      categories: [{ categoryId: '7', name: 'Travel', color: 'blue', icon: 'plane', total, count: 1, share: 10000 }],
    });
    serve((url) =>
      url.startsWith('/api/v1/reports/categories')
        ? {
            status: 200,
            body: {
              from: '2026-03-01',
              to: '2026-03-31',
              items: [cats('EUR', 5000), cats('USD', 1000)],
              converted: { ...cats('EUR', 5920), incomplete: ['JPY'] },
            },
          }
        : undefined,
    );
    renderApp('/informs', 'en');
    const table = await screen.findByRole('table', { name: 'By category' });
    await waitFor(() => expect(text(table)).toContain('Travel€59.20'));
    expect(screen.getByRole('status')).toHaveTextContent('Movements in JPY have no exchange rate');
    expect(screen.queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'By currency' }));
    expect(text(screen.getByRole('table', { name: 'By category' }))).toContain('Travel€50.00');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('the movement totals are converted, with the warning, or per currency on request', async () => {
    serve((url) => {
      if (url.startsWith('/api/v1/movements/totals'))
        return {
          status: 200,
          body: {
            count: 3,
            byCurrency: [
              { currency: 'EUR', count: 1, earnings: 0, expenses: 450, net: -450 },
              { currency: 'USD', count: 1, earnings: 0, expenses: 1000, net: -1000 },
            ],
            converted: { currency: 'EUR', count: 2, earnings: 0, expenses: 1370, net: -1370, incomplete: ['JPY'] },
          },
        };
      if (url.startsWith('/api/v1/movements')) return { status: 200, body: { items: [], nextCursor: null } };
      return undefined;
    });
    renderApp('/movements', 'en');
    await screen.findByText('€13.70');
    expect(screen.queryByText('US$10.00')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('JPY');
    await userEvent.click(screen.getByRole('radio', { name: 'By currency' }));
    expect(await screen.findByText('US$10.00')).toBeInTheDocument();
    expect(screen.getByText('€4.50')).toBeInTheDocument();
  });
});

describe('a day’s totals in the movement list', () => {
  const day = [
    movement('1', { type: 'expense', currency: 'USD', amount: 1000, baseAmount: 920 }),
    movement('2', { type: 'earning', currency: 'EUR', amount: 5000, baseAmount: 5000 }),
    movement('3', { type: 'expense', currency: 'JPY', amount: 1200, baseAmount: null }),
    movement('4', { type: 'transfer', currency: 'USD', amount: 3000, baseAmount: 2760 }),
  ];
  it('converted: in the base currency, with a movement lacking a rate kept in its own currency', () => {
    expect([...dayTotals(day, 'EUR', true)]).toEqual([
      ['EUR', 5000 - 920],
      ['JPY', -1200],
    ]);
  });
  it('by currency: one total per original currency; transfers are not counted', () => {
    expect([...dayTotals(day, 'EUR', false)]).toEqual([
      ['USD', -1000],
      ['EUR', 5000],
      ['JPY', -1200],
    ]);
  });
});
