import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, fixedLayout, mockFetch, renderApp, sample, user } from '@/test/render';

beforeEach(fixedLayout);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const { account, category } = sample;
const base = sample.movement; // each movement below has its own id and description
// 5 Jan 2026 10:00 and 6 Jan 2026 18:30 UTC.
const created = Date.UTC(2026, 0, 5, 10, 0);
const changed = Date.UTC(2026, 0, 6, 18, 30);
const movements = [
  { ...base, id: '9', description: 'Bakery', createdBy: '1', createdAt: created, updatedBy: '7', updatedAt: changed },
  { ...base, id: '10', description: 'Butcher', createdBy: '7', createdAt: created, updatedBy: '7', updatedAt: created },
  { ...base, id: '11', description: 'Market', createdBy: '42', createdAt: created, updatedBy: '42', updatedAt: created },
  { ...base, id: '12', description: 'Rent', createdBy: null, createdAt: created, updatedBy: null, updatedAt: created },
];

/** Ana's ledger "Casa" (current), shared with Luis when members is 2; user 42 left it. */
function serve(members: number) {
  const asked: string[] = [];
  mockFetch(
    api({ ...user, name: 'Ana', languagePreference: 'SWITCH_TO_ENGLISH', ledgerId: '2', ledgerRole: 'owner', defaultLedgerId: '1' }, (url) => {
      asked.push(url);
      if (url === '/api/v1/accounts') return { status: 200, body: { items: [account], nextCursor: null } };
      if (url === '/api/v1/categories') return { status: 200, body: { items: [category], nextCursor: null } };
      if (url === '/api/v1/ledgers') {
        const casa = {
          id: '2',
          name: 'Casa',
          baseCurrency: 'EUR',
          ecbRates: false,
          ecbFetchedAt: 0,
          role: 'owner',
          default: false,
          current: true,
          members,
          owner: 'Ana',
        };
        return { status: 200, body: { items: [casa], nextCursor: null } };
      }
      if (url === '/api/v1/ledgers/2/members') {
        const m = (userId: string, name: string, you: boolean) => ({
          userId,
          name,
          lastName: '',
          email: `${name}@example.com`,
          role: 'owner',
          you,
          joinedAt: 0,
        });
        return { status: 200, body: { items: [m('1', 'Ana', true), m('7', 'Luis', false)] } };
      }
      if (url.startsWith('/api/v1/movements/totals'))
        return { status: 200, body: { count: 4, byCurrency: [{ currency: 'EUR', count: 4, earnings: 0, expenses: 5000, net: -5000 }] } };
      if (/^\/api\/v1\/movements\/\d+\/attachments/.test(url)) return { status: 200, body: { items: [] } };
      if (url.startsWith('/api/v1/movements')) return { status: 200, body: { items: movements, nextCursor: null } };
      return undefined;
    }),
  );
  return asked;
}

describe('who recorded a movement, in a shared ledger', () => {
  it('each row says who added it and who changed it; someone who left is a former member; the server’s names nobody', async () => {
    serve(2);
    renderApp('/movements', 'en');
    const list = await screen.findByRole('list', { name: /Movements/ });
    expect(await within(list).findByText(/by Ana, changed by Luis/)).toBeInTheDocument();
    const row = (name: string) => within(list).getByRole('button', { name: new RegExp(`: ${name}`) });
    expect(row('Butcher')).toHaveTextContent('Food · Bank · by Luis');
    expect(row('Market')).toHaveTextContent('Food · Bank · by a former member');
    expect(row('Rent')).toHaveTextContent(/Food · Bank$|Food · Bank-/);
    expect(row('Rent')).not.toHaveTextContent(/by /);
  });

  it('the form says who added it and who changed it last, and when', async () => {
    serve(2);
    renderApp('/movements', 'en');
    const list = await screen.findByRole('list', { name: /Movements/ });
    await within(list).findByText(/by Ana, changed by Luis/);
    await userEvent.click(within(list).getByRole('button', { name: /: Bakery/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit movement' });
    const authors = await within(dialog).findByTestId('movement-authors');
    const when = (ms: number) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
    expect(authors).toHaveTextContent(`Added by Ana on ${when(created)}Last changed by Luis on ${when(changed)}`);
  });

  it('in a ledger of one, nobody is named and the members are not asked for', async () => {
    const asked = serve(1);
    renderApp('/movements', 'en');
    const list = await screen.findByRole('list', { name: /Movements/ });
    await within(list).findByRole('button', { name: /: Bakery/ });
    expect(list).not.toHaveTextContent(/by (Ana|Luis|a former member)/);
    await userEvent.click(within(list).getByRole('button', { name: /: Bakery/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit movement' });
    await within(dialog).findByRole('textbox', { name: 'Description' });
    expect(within(dialog).queryByTestId('movement-authors')).toBeNull();
    expect(asked).not.toContain('/api/v1/ledgers/2/members');
  });
});
