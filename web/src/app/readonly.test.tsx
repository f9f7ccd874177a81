import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LedgerRole } from '@/shared/api/types';
import { api, fixedLayout, mockFetch, renderApp, sample, user } from '@/test/render';

beforeEach(fixedLayout);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const { account, category, movement } = sample;

/** A ledger with one account, one category and one movement, where the user has role. */
function serve(role: LedgerRole) {
  mockFetch(
    api({ ...user, languagePreference: 'SWITCH_TO_ENGLISH', ledgerId: '2', ledgerRole: role, defaultLedgerId: '1' }, (url) => {
      if (url === '/api/v1/accounts') return { status: 200, body: { items: [account], nextCursor: null } };
      if (url === '/api/v1/categories') return { status: 200, body: { items: [category], nextCursor: null } };
      if (url.startsWith('/api/v1/movements/totals'))
        return { status: 200, body: { count: 1, byCurrency: [{ currency: 'EUR', count: 1, earnings: 0, expenses: 1250, net: -1250 }] } };
      if (url.startsWith('/api/v1/movements/9/attachments')) return { status: 200, body: { items: [] } };
      if (url.startsWith('/api/v1/movements')) return { status: 200, body: { items: [movement], nextCursor: null } };
      return undefined;
    }),
  );
}

describe('a viewer of the ledger', () => {
  it('reads the movements without a way to add, import, select or change them', async () => {
    serve('viewer');
    renderApp('/movements', 'en');
    await screen.findByRole('heading', { name: 'Movements' });
    expect(screen.getByRole('note')).toHaveTextContent('You can only view this ledger');
    const row = await screen.findByRole('button', { name: /^View: Bakery/ });
    expect(screen.queryByRole('button', { name: /New movement/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Select movement/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toBeInTheDocument();
    await userEvent.keyboard('n');
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Movement' });
    // Read as text, not as grey disabled fields.
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).getByText('Description').tagName).toBe('DT');
    expect(within(dialog).getByText('Bakery')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Split' })).toBeNull();
  });

  it('an editor has them all', async () => {
    serve('editor');
    renderApp('/movements', 'en');
    expect(await screen.findByRole('button', { name: /New movement/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: /Select movement/ })).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Edit: Bakery/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit movement' });
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('sees the categories without adding, editing or deleting them', async () => {
    serve('viewer');
    renderApp('/categories', 'en');
    await screen.findByText('Food');
    expect(screen.getByRole('note')).toHaveTextContent('You can only view this ledger');
    expect(screen.queryByRole('button', { name: /Add category/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions: Food' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move up: Food' })).toBeNull();
  });

  it('sees the accounts and their balances without adding, editing or deleting them, and Home has no quick add', async () => {
    serve('viewer');
    const { unmount } = renderApp('/config', 'en');
    await screen.findByText('Bank');
    expect(screen.getByRole('note')).toHaveTextContent('You can only view this ledger');
    expect(screen.queryByRole('button', { name: 'Add account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions: Bank' })).toBeNull();
    unmount();
    renderApp('/', 'en');
    await screen.findByRole('heading', { name: 'Hello, Ana' });
    expect(screen.queryByRole('heading', { name: 'Add a movement' })).toBeNull();
  });
});
