import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category, LedgerRole } from '@/shared/api/types';
import { api, mockFetch, renderApp, user } from '@/test/render';
import type { BudgetLine, BudgetMonth } from './api';
import { usage } from './usage';

afterEach(() => vi.unstubAllGlobals());

const me = { ...user, languagePreference: 'SWITCH_TO_ENGLISH' };
const cat = (id: string, name: string, parentId: string | null): Category => ({
  id,
  name,
  parentId,
  position: Number(id),
  type: 'expense',
  color: 'blue',
  icon: 'dots',
  archived: false,
});
const categories = [cat('1', 'Food', null), cat('2', 'Groceries', '1'), cat('3', 'Home', null)];
const line = (categoryId: string, parentId: string | null, amount: number | null, spent: number, extra: Partial<BudgetLine> = {}): BudgetLine => ({
  categoryId,
  parentId,
  amount,
  fromChildren: false,
  rollover: false,
  carried: 0,
  spent,
  remaining: amount === null ? null : amount - spent,
  ...extra,
});

/** role: the user's in the ledger (none: the user's own ledger); cats: its categories. */
function serve(writes: { method: string; url: string; body: unknown }[], role?: LedgerRole, cats = categories) {
  let groceries: number | null = 20000;
  const month = (m: string): BudgetMonth => ({
    month: m,
    currency: 'EUR',
    overall: null,
    items: [
      line('1', null, groceries, 25000, { fromChildren: true }),
      line('2', '1', groceries, 25000, { carried: 1000, rollover: true, remaining: groceries === null ? null : groceries + 1000 - 25000 }),
      line('3', null, null, 5000),
    ],
    budgeted: groceries ?? 0,
    spent: 30000,
    incomplete: ['JPY'],
  });
  mockFetch(
    api(role ? { ...me, ledgerId: '2', ledgerRole: role, defaultLedgerId: '1' } : me, (url, init) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/v1/categories') return { status: 200, body: { items: cats, nextCursor: null } };
      const m = /^\/api\/v1\/budgets(?:\/(copy|fill))?\?month=(\d{4}-\d{2})$/.exec(url);
      if (!m) return undefined;
      if (method !== 'GET') {
        const body = init?.body ? JSON.parse(String(init.body)) : null;
        writes.push({ method, url, body });
        if (method === 'PUT') groceries = body.items[0].amount;
      }
      return { status: 200, body: month(m[2]!) };
    }),
  );
}

describe('budget view', () => {
  it('shows each category’s budget, spending and what is left, and saves a new amount for the month on', async () => {
    const writes: { method: string; url: string; body: unknown }[] = [];
    serve(writes);
    renderApp('/categories/budget?month=2026-03', 'en');
    expect(await screen.findByRole('heading', { name: 'March 2026' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Budget' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('€250.00 of €200.00 · sum of its subcategories'),
      expect.stringContaining('€250.00 of €200.00 · +€10.00 from last month€40.00 over'),
      expect.stringContaining('€50.00 spent, no budget'),
    ]);
    expect(screen.getByText('Expenses in JPY have no exchange rate and are not counted.')).toBeInTheDocument();
    const input = within(items[1]!).getByRole('textbox', { name: 'Budget for Groceries' });
    expect(input).toHaveValue('200.00');
    await userEvent.clear(input);
    await userEvent.type(input, '260{Enter}');
    await waitFor(() =>
      expect(writes).toEqual([
        { method: 'PUT', url: '/api/v1/budgets?month=2026-03', body: { scope: 'onward', items: [{ categoryId: '2', amount: 26000, rollover: true }] } },
      ]),
    );
    expect(await within(list).findByText('€10.00 left')).toBeInTheDocument();

    // This month only; a bad amount is not sent; the previous month is one click away.
    await userEvent.click(screen.getByText('This month only'));
    await userEvent.clear(input);
    await userEvent.type(input, 'abc{Enter}');
    expect(await within(items[1]!).findByText('Not valid')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '{Enter}');
    await waitFor(() =>
      expect(writes[1]).toEqual({
        method: 'PUT',
        url: '/api/v1/budgets?month=2026-03',
        body: { scope: 'month', items: [{ categoryId: '2', amount: null, rollover: true }] },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'February 2026' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy last month' }));
    await waitFor(() => expect(writes[2]).toEqual({ method: 'POST', url: '/api/v1/budgets/copy?month=2026-02', body: {} }));
  });

  it('colours the bar by how much is spent', () => {
    expect(usage({ amount: 10000, carried: 0, spent: 5000 })).toEqual({ value: 50, color: 'teal', share: 50 });
    expect(usage({ amount: 10000, carried: 0, spent: 8000 }).color).toBe('orange');
    expect(usage({ amount: 10000, carried: -2000, spent: 8000 })).toEqual({ value: 100, color: 'orange', share: 100 });
    expect(usage({ amount: 10000, carried: 0, spent: 12000 })).toEqual({ value: 100, color: 'red', share: 120 });
    expect(usage({ amount: 0, carried: 0, spent: 1 }).color).toBe('red');
  });
});

describe('budget view for a viewer of the ledger', () => {
  it('shows every figure, and no way to set, roll over, copy or fill a budget', async () => {
    serve([], 'viewer');
    renderApp('/categories/budget?month=2026-03', 'en');
    const list = await screen.findByRole('list', { name: 'Budget' });
    const items = await within(list).findAllByRole('listitem');
    expect(screen.getByRole('note')).toHaveTextContent('You can only view this ledger');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('€200.00€250.00 of €200.00 · sum of its subcategories'),
      expect.stringContaining('Rolls over€200.00€250.00 of €200.00 · +€10.00 from last month€40.00 over'),
      expect.stringContaining('No budget€50.00 spent, no budget'),
    ]);
    expect(screen.getByRole('region', { name: 'Overall budget' })).toHaveTextContent('Categories budgeted €200.00 · spent €300.00 this month');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy last month' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fill from average' })).toBeNull();
    // Other months are still a click away.
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'February 2026' })).toBeInTheDocument();
  });

  it('an editor has them all', async () => {
    serve([], 'editor');
    renderApp('/categories/budget?month=2026-03', 'en');
    expect(await screen.findByRole('textbox', { name: 'Budget for Groceries' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Roll over what is left: Groceries' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy last month' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fill from average' })).toBeInTheDocument();
  });

  it('without expense categories, a viewer is not asked to add some', async () => {
    serve([], 'viewer', []);
    renderApp('/categories/budget?month=2026-03', 'en');
    expect(await screen.findByText('This ledger has no expense categories yet.')).toBeInTheDocument();
    expect(screen.queryByText(/add some to budget them/)).toBeNull();
  });

  it('the dashboard’s budget card tells a viewer there is none, not where to set one', async () => {
    const empty = { month: '', currency: 'EUR', overall: null, items: [], budgeted: 0, spent: 0, incomplete: [] };
    for (const [role, text] of [
      ['viewer', 'No budget for this month.'],
      ['editor', 'No budget yet: set one per category under Categories → Budget.'],
    ] as const) {
      mockFetch(
        api({ ...me, ledgerId: '2', ledgerRole: role, defaultLedgerId: '1' }, (url) =>
          url.startsWith('/api/v1/budgets?') ? { status: 200, body: empty } : undefined,
        ),
      );
      const { unmount } = renderApp('/dashboard', 'en');
      expect(await screen.findByText(text)).toBeInTheDocument();
      unmount();
    }
  });
});
