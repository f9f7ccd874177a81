import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { api, mockFetch, renderWithProviders, user } from '@/test/render';
import { dictionaries } from '@/shared/i18n/all';
import { localeOf, type Language } from '@/shared/i18n';
import type { Movement } from '@/shared/api/types';
import { ApiProblem } from '@/shared/api/client';
import { formatMoney } from '@/shared/money';
import { MovementForm } from './MovementForm';
import { assigned, remaining, splitBody, splitErrors, type SplitLine } from './splits';

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const account = { id: '1', name: 'Bank', type: 'bank', currency: 'EUR', openingBalance: 0, balance: 0, position: 1, archived: false, hasMovements: true };
const category = (id: string, name: string, type = 'expense') => ({ id, name, type, parentId: null, color: '', icon: '', position: 1, archived: false });
const categories = [category('10', 'Groceries'), category('12', 'Cleaning'), category('20', 'Salary', 'earning')];
const line = (key: number, amount: string, categoryId: string | null = '10'): SplitLine => ({ key, categoryId, amount, note: '' });

describe('what is left to assign', () => {
  it('adds the lines as typed, in the language’s way, a line not yet an amount counting as nothing', () => {
    expect(assigned([line(0, '12,50'), line(1, '7,5'), line(2, ''), line(3, 'abc')], 'es', 2)).toBe(2000);
    expect(remaining(5000, [line(0, '12.50'), line(1, '7.50')], 'en', 2)).toBe(3000);
    expect(remaining(5000, [line(0, '30'), line(1, '25')], 'en', 2)).toBe(-500);
    expect(remaining(5000, [line(0, '30'), line(1, '20')], 'en', 2)).toBe(0);
    expect(remaining(null, [line(0, '30')], 'en', 2)).toBeNull();
    // Yen have no decimals: 1.500 is fifteen hundred.
    expect(remaining(3000, [line(0, '1.500'), line(1, '1500')], 'es', 0)).toBe(0);
  });

  it('sends the lines only when each has a category and an amount above zero', () => {
    expect(splitBody([line(0, '30'), { ...line(1, '20', '12'), note: ' bleach ' }], 'en', 2)).toEqual([
      { categoryId: '10', amount: 3000, note: '' },
      { categoryId: '12', amount: 2000, note: 'bleach' },
    ]);
    expect(splitBody([line(0, '30'), line(1, '20', null)], 'en', 2)).toBeNull();
    expect(splitBody([line(0, '30'), line(1, '0')], 'en', 2)).toBeNull();
  });

  it('says the server’s errors about the lines in words, and nothing about other fields', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { translation: dictionaries.en } }, interpolation: { escapeValue: false } });
    const t = i18n.t;
    const problem = new ApiProblem(422, 'validation', '', [
      { field: 'splits', code: 'mismatch' },
      { field: 'splits.categoryId', code: 'mismatch' },
      { field: 'splits.note', code: 'too_long' },
      { field: 'splits.amount', code: 'weird' },
      { field: 'date', code: 'required' },
    ]);
    expect(splitErrors(t, problem)).toEqual([
      dictionaries.en.movements.split.errors.lines.mismatch,
      dictionaries.en.movements.split.errors.categoryId.mismatch,
      dictionaries.en.movements.split.errors.note.too_long.replace('{{note}}', '200'),
      `${dictionaries.en.movements.split.title}: ${dictionaries.en.fieldErrors.invalid}`,
    ]);
    expect(splitErrors(t, new Error('x'))).toEqual([]);
  });
});

function serve(calls: { method: string; url: string; body: Record<string, unknown> }[], answer?: () => { status: number; body: unknown }) {
  mockFetch(
    api(user, (url, init) => {
      if (url === '/api/v1/accounts') return { status: 200, body: { items: [account] } };
      if (url === '/api/v1/categories') return { status: 200, body: { items: categories } };
      if (url.startsWith('/api/v1/categories/suggest')) return { status: 200, body: { items: [] } };
      if (url.startsWith('/api/v1/movements') && (init?.method === 'POST' || init?.method === 'PATCH')) {
        calls.push({ method: init.method, url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
        return answer?.() ?? { status: init.method === 'POST' ? 201 : 200, body: { id: '99' } };
      }
      return undefined;
    }),
  );
}

/** Chooses an option of the select named name (each select has its own list of options). */
async function pick(name: RegExp | string, option: string) {
  const select = screen.getByRole('combobox', { name });
  await userEvent.click(select);
  const list = await waitFor(() => document.getElementById(select.getAttribute('aria-controls') ?? '') ?? Promise.reject(new Error('no list')));
  await userEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

describe.each<Language>(['es', 'en', 'fr'])('splitting a movement in %s', (lang) => {
  const d = dictionaries[lang];
  const s = d.movements.split;
  // As the page reads (Testing Library's text has every space a plain one; es and fr put a no-break space before €).
  const money = (minor: number) => formatMoney(minor, 'EUR', localeOf(lang)).replace(/\s/g, ' ');
  const typed = (v: string) => (lang === 'en' ? v : v.replace('.', ','));
  const named = (label: string, n: number) => new RegExp(`^${label}, ${s.line.replace('{{n}}', String(n))}`);

  it(`says what is left to assign, refuses to save until the lines add up, then sends them with no category (${lang})`, async () => {
    const calls: { method: string; url: string; body: Record<string, unknown> }[] = [];
    serve(calls);
    renderWithProviders(
      <MemoryRouter>
        <MovementForm compact />
      </MemoryRouter>,
      lang,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: new RegExp(`^${d.movements.amount}`) }), typed('50.00'));
    await userEvent.type(screen.getByRole('textbox', { name: d.movements.description }), 'Supermarket');
    await pick(new RegExp(`^${d.movements.category}`), 'Groceries');
    await userEvent.click(screen.getByRole('button', { name: s.start }));

    // The category becomes the first line; the focus is on its amount.
    const group = screen.getByRole('group', { name: s.title });
    expect(screen.queryByRole('combobox', { name: new RegExp(`^${d.movements.category}( \\*)?$`) })).not.toBeInTheDocument();
    expect(within(group).getByRole('combobox', { name: named(d.movements.category, 1) })).toHaveValue('Groceries');
    const first = within(group).getByRole('textbox', { name: named(d.movements.amount, 1) });
    expect(first).toHaveFocus();
    expect(within(group).getByText(s.remaining.replace('{{amount}}', money(5000)))).toBeInTheDocument();

    await userEvent.type(first, typed('30'));
    expect(within(group).getByText(s.remaining.replace('{{amount}}', money(2000)))).toBeInTheDocument();
    await pick(named(d.movements.category, 2), 'Cleaning');
    await userEvent.type(within(group).getByRole('textbox', { name: named(d.movements.amount, 2) }), typed('25'));
    expect(within(group).getByText(s.over.replace('{{amount}}', money(500)))).toBeInTheDocument();
    await userEvent.type(within(group).getByRole('textbox', { name: named(s.note, 2) }), 'bleach');

    // Over by 5: not saved, and said why.
    await userEvent.click(screen.getByRole('button', { name: d.common.save }));
    expect(await within(group).findByText(s.mustAddUp)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    const second = within(group).getByRole('textbox', { name: named(d.movements.amount, 2) });
    await userEvent.clear(second);
    await userEvent.type(second, typed('20'));
    expect(within(group).getByText(s.done)).toBeInTheDocument();
    expect(within(group).queryByText(s.mustAddUp)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: d.common.save }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({
      type: 'expense',
      amount: 5000,
      description: 'Supermarket',
      categoryId: null,
      splits: [
        { categoryId: '10', amount: 3000, note: '' },
        { categoryId: '12', amount: 2000, note: 'bleach' },
      ],
    });
    // Saved: the form is one category again, empty.
    await waitFor(() => expect(screen.queryByRole('group', { name: s.title })).not.toBeInTheDocument());
  });

  it(`adds a line with what is left, and says the server’s errors under the lines (${lang})`, async () => {
    const calls: { method: string; url: string; body: Record<string, unknown> }[] = [];
    serve(calls, () => ({
      status: 422,
      body: { status: 422, code: 'validation', detail: '', errors: [{ field: 'splits.categoryId', code: 'unknown' }] },
    }));
    renderWithProviders(
      <MemoryRouter>
        <MovementForm compact />
      </MemoryRouter>,
      lang,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: new RegExp(`^${d.movements.amount}`) }), '90');
    await userEvent.click(screen.getByRole('button', { name: s.start }));
    const group = screen.getByRole('group', { name: s.title });
    // Two lines at least: they cannot be removed.
    expect(within(group).getByRole('button', { name: s.remove.replace('{{n}}', '2') })).toBeDisabled();
    await pick(named(d.movements.category, 1), 'Groceries');
    await userEvent.type(within(group).getByRole('textbox', { name: named(d.movements.amount, 1) }), '40');
    await pick(named(d.movements.category, 2), 'Cleaning');
    await userEvent.type(within(group).getByRole('textbox', { name: named(d.movements.amount, 2) }), '30');
    await userEvent.click(within(group).getByRole('button', { name: s.add }));
    expect(within(group).getByRole('textbox', { name: named(d.movements.amount, 3) })).toHaveValue(typed('20.00'));
    expect(within(group).getByRole('combobox', { name: named(d.movements.category, 3) })).toHaveFocus();
    expect(within(group).getByText(s.done)).toBeInTheDocument();
    // A line without a category: required, not sent.
    await userEvent.click(screen.getByRole('button', { name: d.common.save }));
    expect(await within(group).findByText(d.fieldErrors.required)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await pick(named(d.movements.category, 3), 'Groceries');
    await userEvent.click(screen.getByRole('button', { name: d.common.save }));
    expect(await within(group).findByText(s.errors.categoryId.unknown)).toBeInTheDocument();
    expect(calls[0]!.body.splits).toHaveLength(3);
    // The third line removed: the second's amount is what is left to assign again.
    await userEvent.click(within(group).getByRole('button', { name: s.remove.replace('{{n}}', '3') }));
    expect(within(group).getByText(s.remaining.replace('{{amount}}', money(2000)))).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: s.add })).toHaveFocus();
  });

  it(`opens a split movement with its lines, and makes it whole again (${lang})`, async () => {
    const calls: { method: string; url: string; body: Record<string, unknown> }[] = [];
    serve(calls);
    const movement: Movement = {
      id: '5',
      state: 'uncleared',
      type: 'expense',
      date: '2026-03-01',
      amount: 3120,
      currency: 'EUR',
      accountId: '1',
      categoryId: null,
      toAccountId: null,
      toAmount: null,
      description: 'MERCADONA',
      notes: '',
      tags: [],
      splits: [
        { categoryId: '10', amount: 2500, note: 'food', baseAmount: 2500 },
        { categoryId: '12', amount: 620, note: '', baseAmount: 620 },
      ],
      baseAmount: 3120,
      toBaseAmount: null,
      baseEstimated: false,
      attachments: 0,
      createdBy: null,
      createdAt: 0,
      updatedBy: null,
      updatedAt: 0,
    };
    renderWithProviders(
      <MemoryRouter>
        <MovementForm compact movement={movement} />
      </MemoryRouter>,
      lang,
    );
    const group = await screen.findByRole('group', { name: s.title });
    await waitFor(() => expect(within(group).getByRole('combobox', { name: named(d.movements.category, 2) })).toHaveValue('Cleaning'));
    expect(within(group).getByRole('textbox', { name: named(d.movements.amount, 1) })).toHaveValue(typed('25.00'));
    expect(within(group).getByRole('textbox', { name: named(s.note, 1) })).toHaveValue('food');
    expect(within(group).getByText(s.done)).toBeInTheDocument();

    await userEvent.click(within(group).getByRole('button', { name: s.unsplit }));
    expect(screen.queryByRole('group', { name: s.title })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: s.start })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: new RegExp(`^${d.movements.category}`) })).toHaveValue('Groceries');
    await userEvent.click(screen.getByRole('button', { name: d.common.save }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PATCH', url: '/api/v1/movements/5', body: { categoryId: '10', splits: [] } });
  });
});
