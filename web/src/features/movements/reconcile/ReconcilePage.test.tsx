import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dictionaries } from '@/shared/i18n/all';
import { api, mockFetch, renderApp, sample, user } from '@/test/render';
import { dayLink } from './Checkpoints';
import { parseBalance } from './ReconcilePage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const account = { ...sample.account, reconcileDraft: { date: '2026-01-31', balance: -1250 } };
const bakery = { ...sample.movement, state: 'uncleared' };

/** The account with a draft, a view whose cleared balance follows the bakery's state, and a checkpoint that disagrees. */
function serve(pref: string) {
  const sent: { method: string; url: string; body: unknown; key: string | null }[] = [];
  let cleared = false;
  mockFetch(
    api({ ...user, languagePreference: pref }, (url, init) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null, key: new Headers(init?.headers).get('Idempotency-Key') });
      }
      if (url === '/api/v1/accounts') return { status: 200, body: { items: [account], nextCursor: null } };
      if (url.startsWith('/api/v1/accounts/1/reconciliation?'))
        return {
          status: 200,
          body: { date: '2026-01-31', clearedBalance: cleared ? -1250 : 0, lastReconciled: null, uncleared: cleared ? [] : [bakery], nextCursor: null },
        };
      if (url === '/api/v1/accounts/1/checkpoints')
        return {
          status: 200,
          body: {
            items: [
              { id: '3', date: '2026-01-31', balance: -2000, source: 'import', appBalance: -1250, agrees: false, divergesFrom: '2026-01-05', createdAt: 0 },
            ],
          },
        };
      if (url === '/api/v1/movements/9' && method === 'PATCH') {
        cleared = true;
        return { status: 200, body: { ...bakery, state: 'cleared' } };
      }
      if (url === '/api/v1/accounts/1/reconciliations') return { status: 201, body: { id: '5', difference: 0, reconciled: 1, adjustmentId: null } };
      return undefined;
    }),
  );
  return sent;
}

describe.each([
  ['es', 'SWITCH_TO_SPANISH'],
  ['en', 'SWITCH_TO_ENGLISH'],
  ['fr', 'SWITCH_TO_FRENCH'],
] as const)('the reconcile screen (%s)', (lang, pref) => {
  const r = dictionaries[lang].reconcile;
  it('opens on the kept statement, shows the difference, ticks the missing movement, and finishes in one request', async () => {
    const sent = serve(pref);
    renderApp('/config/accounts/1/reconcile', lang);
    expect(await screen.findByRole('heading', { name: r.title.replace('{{name}}', 'Bank') })).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(`^${r.date}`))).toHaveValue('2026-01-31');
    expect(screen.getByRole('textbox', { name: new RegExp(`^${r.balance}`) })).toHaveValue(lang === 'en' ? '-12.50' : '-12,50');
    const finish = screen.getByRole('button', { name: r.finish });
    await vi.waitFor(() => expect(screen.getByTestId('reconcile-difference')).toHaveTextContent(/12[.,]50/));
    expect(finish).toBeDisabled();
    expect(screen.getByRole('button', { name: new RegExp(`^${r.adjust.split('{{')[0]!.trim()}`) })).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('checkbox', { name: new RegExp(`^${r.tick}: Bakery`) }));
    expect(await screen.findByText(r.agrees)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: new RegExp(`^${r.tick}: Bakery`) })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: r.finish }));
    await vi.waitFor(() => expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['PATCH /api/v1/movements/9', 'POST /api/v1/accounts/1/reconciliations']));
    expect(sent[0]!.body).toEqual({ state: 'cleared' });
    expect(sent[1]!.body).toEqual({ date: '2026-01-31', balance: -1250, adjust: false });
    expect(sent[1]!.key).toBeTruthy();
  });

  it('names the first day a bank file’s balance differs from, linking to that day’s movements', async () => {
    serve(pref);
    renderApp('/config/accounts/1/reconcile', lang);
    const section = (await screen.findByRole('heading', { name: r.checkpoints })).closest('div')!;
    expect(within(section).getByText(r.differsBadge)).toBeInTheDocument();
    const link = within(section).getByRole('link', { name: new RegExp(`^${r.seeDay.split('{{')[0]!.trim()}`) });
    expect(link).toHaveAttribute('href', dayLink('1', '2026-01-05'));
  });

  it('keeps the statement to come back to', async () => {
    const sent = serve(pref);
    renderApp('/config/accounts/1/reconcile', lang);
    const balance = await screen.findByRole('textbox', { name: new RegExp(`^${r.balance}`) });
    await userEvent.clear(balance);
    await userEvent.type(balance, '-20');
    await userEvent.click(screen.getByRole('button', { name: r.later }));
    await vi.waitFor(() => expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['PUT /api/v1/accounts/1/reconciliation/draft']));
    expect(sent[0]!.body).toEqual({ date: '2026-01-31', balance: -2000 });
  });
});

describe('parseBalance and dayLink', () => {
  it('reads a statement balance as typed, negative too', () => {
    expect(parseBalance('1.234,56', 'es', 'EUR')).toBe(123456);
    expect(parseBalance('-12.5', 'en', 'EUR')).toBe(-1250);
    expect(parseBalance('− 3', 'fr', 'EUR')).toBe(-300);
    expect(parseBalance('', 'en', 'EUR')).toBeUndefined();
    expect(parseBalance('abc', 'en', 'EUR')).toBeNull();
  });
  it('links one account’s movements of one day', () => {
    expect(dayLink('7', '2026-03-02')).toBe('/movements?from=2026-03-02&to=2026-03-02&accountId=7');
  });
});
