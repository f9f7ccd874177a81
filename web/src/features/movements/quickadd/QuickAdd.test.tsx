import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { MemoryRouter } from 'react-router';
import { api, mockFetch, renderWithProviders, user } from '@/test/render';
import { dictionaries } from '@/shared/i18n/all';
import type { Language } from '@/shared/i18n';
import { capitalise, dayFormatter, isoDate, today } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { queued } from '@/shared/offline/queue';
import { QuickAdd } from './QuickAdd';

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const account = (id: string, name: string, type: string) => ({
  id,
  name,
  type,
  currency: 'EUR',
  openingBalance: 0,
  balance: 0,
  position: Number(id),
  archived: false,
  hasMovements: true,
});
const category = (id: string, name: string, type = 'expense') => ({ id, name, type, parentId: null, color: '', icon: '', position: 1, archived: false });

/** Text as Testing Library compares it (no-break spaces, which Intl writes, become spaces). */
const plain = (s: string) => s.replace(/\s+/g, ' ');

const yesterday = () => {
  const [y, m, d] = today().split('-').map(Number) as [number, number, number];
  return isoDate(y, m - 1, d - 1);
};

/** The ledger the box reads against, the movements it posts (with their keys), and a gate that holds the POST's answer. */
function ledger(opts: { accounts: ReturnType<typeof account>[]; categories: ReturnType<typeof category>[]; suggest?: string | null; hold?: Promise<void> }) {
  const posts: { key: string | null; body: Record<string, unknown> }[] = [];
  mockFetch(
    api(user, (url) => {
      if (url === '/api/v1/accounts') return { status: 200, body: { items: opts.accounts } };
      if (url === '/api/v1/categories') return { status: 200, body: { items: opts.categories } };
      if (url.startsWith('/api/v1/categories/suggest'))
        return {
          status: 200,
          body: { items: opts.suggest ? [{ categoryId: opts.suggest, confidence: 95, confident: true, word: 'lunch', count: 9, total: 10 }] : [] },
        };
      return undefined;
    }),
  );
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/v1/movements' && init?.method === 'POST') {
      posts.push({ key: new Headers(init.headers).get('Idempotency-Key'), body: JSON.parse(String(init.body)) as Record<string, unknown> });
      await opts.hold;
      return new Response(JSON.stringify({ id: '99', rules: [] }), { status: 201, headers: { 'Content-Type': 'application/json' } });
    }
    return answer(input, init);
  });
  return posts;
}

function show(lang: Language, onDone = vi.fn(), onFullForm = vi.fn()) {
  renderWithProviders(
    <MemoryRouter>
      <QuickAdd onDone={onDone} onFullForm={onFullForm} />
    </MemoryRouter>,
    lang,
  );
  return { onDone, onFullForm, d: dictionaries[lang] };
}

const sentences: Record<Language, { text: string; fuel: string; description: string; ask: string }> = {
  es: { text: 'gasolina 45,50 ayer con la visa', fuel: 'Gasolina', description: 'gasolina', ask: 'gasolina 40 con tarjeta' },
  en: { text: 'fuel 45.50 yesterday with visa', fuel: 'Fuel', description: 'fuel', ask: 'fuel 40 by card' },
  fr: { text: 'carburant 45,50 hier avec la visa', fuel: 'Carburant', description: 'carburant', ask: 'carburant 40 par carte' },
};

describe.each<Language>(['es', 'en', 'fr'])('the quick-add box in %s', (lang) => {
  const s = sentences[lang];
  const accounts = [account('1', 'Bank', 'bank'), account('2', 'Visa', 'card'), account('3', 'Mastercard', 'card')];

  it(`shows each field it read and saves the movement once, even on a double Enter (${lang})`, async () => {
    let release = () => {};
    const hold = new Promise<void>((r) => (release = r));
    const posts = ledger({ accounts, categories: [category('10', s.fuel)], hold });
    const { onDone, d } = show(lang);
    const box = await screen.findByRole('textbox', { name: new RegExp(d.quickAdd.label) });
    await waitFor(() => expect(screen.queryByText(d.quickAdd.empty)).toBeInTheDocument());
    await userEvent.type(box, s.text);
    const preview = screen.getByRole('region', { name: d.quickAdd.preview });
    expect(within(preview).getByText(plain(formatMoney(4550, 'EUR', lang)))).toBeInTheDocument();
    expect(within(preview).getByText(plain(capitalise(dayFormatter(lang, { dateStyle: 'full' })(yesterday()), lang)))).toBeInTheDocument();
    expect(within(preview).getByRole('combobox', { name: d.movements.account })).toHaveValue('Visa (EUR)');
    await waitFor(() => expect(within(preview).getByRole('combobox', { name: d.movements.category })).toHaveValue(s.fuel));
    expect(within(preview).getByText(s.description)).toBeInTheDocument();
    // Two Enters while the first is being saved: one request.
    await userEvent.type(box, '{Enter}{Enter}');
    await waitFor(() => expect(posts).toHaveLength(1));
    release();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    await userEvent.type(box, '{Enter}');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.key).toMatch(/.{16,}/);
    expect(posts[0]?.body).toMatchObject({ type: 'expense', amount: 4550, date: yesterday(), accountId: '2', categoryId: '10', description: s.description });
    expect(await screen.findByText(d.movements.created)).toBeInTheDocument();
  });

  it(`asks which account when two match, and saves nothing until one is chosen (${lang})`, async () => {
    const posts = ledger({ accounts, categories: [category('10', s.fuel)] });
    const { d } = show(lang);
    const box = await screen.findByRole('textbox', { name: new RegExp(d.quickAdd.label) });
    await userEvent.type(box, `${s.ask}{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(plain(d.quickAdd.chooseFirst));
    expect(screen.getByText(plain(d.quickAdd.notes.manyAccounts))).toBeInTheDocument();
    expect(screen.getByText(d.quickAdd.status.ask)).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    // The focus went to the question; only the two cards are offered.
    const which = screen.getByRole('combobox', { name: d.movements.account });
    expect(which).toHaveFocus();
    await userEvent.click(which);
    const options = await within(screen.getByRole('listbox', { name: d.movements.account, hidden: true })).findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Visa (EUR)', 'Mastercard (EUR)']);
    await userEvent.click(screen.getByRole('option', { name: 'Mastercard (EUR)', hidden: true }));
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toMatchObject({ amount: 4000, accountId: '3', categoryId: '10' });
  });

  it(`opens what it read in the full form (${lang})`, async () => {
    ledger({ accounts, categories: [category('10', s.fuel)] });
    const { onFullForm, d } = show(lang);
    await userEvent.type(await screen.findByRole('textbox', { name: new RegExp(d.quickAdd.label) }), s.text);
    await waitFor(() => expect(screen.getByRole('combobox', { name: d.movements.category })).toHaveValue(s.fuel));
    await userEvent.click(screen.getByRole('button', { name: d.quickAdd.fullForm }));
    expect(onFullForm).toHaveBeenCalledWith({
      type: 'expense',
      amount: 4550,
      date: yesterday(),
      accountId: '2',
      categoryId: '10',
      toAccountId: undefined,
      description: s.description,
    });
  });
});

describe('the quick-add box', () => {
  const accounts = [account('1', 'Cuenta', 'bank')];

  it('says how it read "1.850" in Spanish, offers the other reading, and saves the one chosen', async () => {
    const posts = ledger({ accounts, categories: [category('10', 'Alquiler')] });
    const { d } = show('es');
    const box = await screen.findByRole('textbox', { name: new RegExp(d.quickAdd.label) });
    await userEvent.type(box, 'alquiler 1.850 hoy');
    expect(screen.getByText(d.quickAdd.status.check)).toBeInTheDocument();
    const readings = screen.getByRole('radiogroup', { name: d.movements.amount });
    expect(within(readings).getByRole('radio', { name: (n) => plain(n) === plain(formatMoney(185000, 'EUR', 'es')) })).toBeChecked();
    await userEvent.click(within(readings).getByRole('radio', { name: (n) => plain(n) === plain(formatMoney(185, 'EUR', 'es')) }));
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toMatchObject({ amount: 185, categoryId: '10', date: today() });
  });

  it("takes the category the ledger's history suggests when no word names one, online", async () => {
    const posts = ledger({ accounts, categories: [category('10', 'Groceries'), category('11', 'Eating out')], suggest: '11' });
    const { d } = show('en');
    const box = await screen.findByRole('textbox', { name: new RegExp(d.quickAdd.label) });
    await userEvent.type(box, 'lunch 12');
    await waitFor(() => expect(screen.getByRole('combobox', { name: d.movements.category })).toHaveValue('Eating out'));
    expect(screen.getByText(d.quickAdd.suggested)).toBeInTheDocument();
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toMatchObject({ amount: 1200, categoryId: '11', description: 'lunch' });
  });

  it('keeps a movement typed offline on this device, with its key, sending nothing', async () => {
    const posts = ledger({ accounts, categories: [category('10', 'Taxi')] });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { onDone, d } = show('en');
    const box = await screen.findByRole('textbox', { name: new RegExp(d.quickAdd.label) });
    await userEvent.type(box, 'taxi 12.40 yesterday{Enter}');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const waiting = await queued(user.uid);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.key).toMatch(/.{16,}/);
    expect(waiting[0]?.body).toMatchObject({ amount: 1240, date: yesterday(), accountId: '1', categoryId: '10', description: 'taxi' });
    expect(posts).toHaveLength(0);
    expect(await screen.findByText(d.offline.queued)).toBeInTheDocument();
  });
});
