import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dictionaries } from '@/shared/i18n/all';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LedgerRole } from '@/shared/api/types';
import { api, mockFetch, renderApp, user } from '@/test/render';
import type { Schedule, Upcoming } from './api';

afterEach(() => vi.unstubAllGlobals());

const account = { id: '1', name: 'Bank', type: 'bank', currency: 'EUR', openingBalance: 0, balance: 0, position: 1, archived: false, hasMovements: true };
const schedule = (id: string, description: string, due: string[]): Schedule => ({
  id,
  type: 'expense',
  amount: 80000,
  currency: 'EUR',
  accountId: '1',
  categoryId: null,
  toAccountId: null,
  toAmount: null,
  description,
  notes: '',
  tags: [],
  frequency: 'monthly',
  interval: 1,
  day: 1,
  startDate: '2026-01-01',
  endDate: '',
  count: 0,
  askAmount: false,
  autoPost: false,
  paused: false,
  nextDate: '2026-02-01',
  done: 1,
  due,
});
const waiting: Upcoming = {
  scheduleId: '1',
  date: '2026-01-01',
  status: 'waiting',
  type: 'expense',
  amount: 80000,
  askAmount: false,
  currency: 'EUR',
  accountId: '1',
  categoryId: null,
  toAccountId: null,
  description: 'Rent',
};

/** A ledger with schedules where the user has role. */
function serve(role: LedgerRole, schedules: Schedule[], languagePreference = 'SWITCH_TO_ENGLISH') {
  mockFetch(
    api({ ...user, languagePreference, ledgerId: '2', ledgerRole: role, defaultLedgerId: '1' }, (url) => {
      if (url === '/api/v1/accounts') return { status: 200, body: { items: [account], nextCursor: null } };
      if (url === '/api/v1/schedules') return { status: 200, body: { today: '2026-01-10', items: schedules } };
      if (url.startsWith('/api/v1/schedules/upcoming'))
        return { status: 200, body: { today: '2026-01-10', to: '2026-01-17', items: schedules.length ? [waiting] : [] } };
      if (url === '/api/v1/movements/9')
        return { status: 200, body: { id: '9', type: 'expense', date: '2026-01-05', amount: 1250, currency: 'EUR', accountId: '1', description: 'Gym' } };
      return undefined;
    }),
  );
}

const schedules = [schedule('1', 'Rent', ['2026-01-01']), schedule('2', 'Gym', [])];

describe('scheduled movements', () => {
  it('a viewer sees each schedule and what waits, and can add, post, edit, skip, pause or delete none', async () => {
    serve('viewer', schedules);
    renderApp('/movements/scheduled?repeat=9', 'en');
    const rent = await screen.findByRole('listitem', { name: 'Rent' });
    expect(screen.getByRole('note')).toHaveTextContent('You can only view this ledger');
    expect(within(rent).getByText('1 waiting')).toBeInTheDocument();
    expect(within(rent).getByText('Next: 1 Feb 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New schedule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Post now' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Suggested from your history' })).toBeNull();
    // ?repeat= (a schedule from a movement) opens no form for a viewer.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an editor has them all', async () => {
    serve('editor', schedules);
    renderApp('/movements/scheduled', 'en');
    const rent = await screen.findByRole('listitem', { name: 'Rent' });
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('button', { name: 'New schedule' })).toBeInTheDocument();
    expect(within(rent).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Gym' })).getByRole('button', { name: 'Post now' })).toBeInTheDocument();
    expect(within(rent).getByRole('button', { name: 'Actions for Rent' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Suggested from your history' })).toBeInTheDocument();
  });

  it('without schedules, a viewer is not told what they could do', async () => {
    serve('viewer', []);
    renderApp('/movements/scheduled', 'en');
    expect(await screen.findByText('Nothing is scheduled in this ledger yet.')).toBeInTheDocument();
    expect(screen.queryByText(/can enter by themselves/)).toBeNull();
  });

  it('on Home, a viewer sees what waits for a confirmation without a button to confirm it', async () => {
    serve('viewer', schedules);
    const { unmount } = renderApp('/', 'en');
    expect(await screen.findByText('Waiting for confirmation')).toBeInTheDocument();
    expect(screen.getByText('Rent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    unmount();

    serve('editor', schedules);
    renderApp('/', 'en');
    expect(await screen.findByText('Waiting for you')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });

  it.each([
    ['es', 'SWITCH_TO_SPANISH'],
    ['en', 'SWITCH_TO_ENGLISH'],
    ['fr', 'SWITCH_TO_FRENCH'],
  ] as const)('typing the first date sets the day of the month (%s)', async (lang, preference) => {
    serve('editor', schedules, preference);
    renderApp('/movements/scheduled', lang);
    const d = dictionaries[lang].schedules;
    await userEvent.click(await screen.findByRole('button', { name: d.add }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(new RegExp(d.start)), { target: { value: '2026-03-17' } });
    expect(within(dialog).getByLabelText(d.day)).toHaveValue('17');
  });
});
