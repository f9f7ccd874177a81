import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LedgerRole } from '@/shared/api/types';
import { api, mockFetch, renderApp, sample, user } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

/** A ledger without accounts where the user has role. */
function serve(role: LedgerRole) {
  mockFetch(api({ ...user, languagePreference: 'SWITCH_TO_ENGLISH', ledgerId: '2', ledgerRole: role, defaultLedgerId: '1' }));
}

describe('Configuration → Accounts without accounts', () => {
  it('tells a viewer the ledger has none, without asking to add one', async () => {
    serve('viewer');
    renderApp('/config', 'en');
    expect(await screen.findByText('This ledger has no accounts yet.')).toBeInTheDocument();
    expect(screen.queryByText(/Add one to start recording movements/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add account' })).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('You can only view this ledger');
  });

  it('asks an editor to add one', async () => {
    serve('editor');
    renderApp('/config', 'en');
    expect(await screen.findByText('No accounts yet. Add one to start recording movements.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add account' })).toBeInTheDocument();
  });
});

describe('Configuration → Accounts: when an account was last reconciled', () => {
  it('says the statement date and balance of the last reconciliation', async () => {
    const acc = { ...sample.account, lastReconciled: { date: '2026-05-31', balance: 123456 } };
    mockFetch(
      api({ ...user, languagePreference: 'SWITCH_TO_ENGLISH' }, (url) =>
        url === '/api/v1/accounts' ? { status: 200, body: { items: [acc, { ...sample.account, id: '2', name: 'Cash' }], nextCursor: null } } : undefined,
      ),
    );
    renderApp('/config', 'en');
    expect(await screen.findByText('Reconciled on 31 May 2026 at €1,234.56')).toBeInTheDocument();
    expect(screen.getAllByText(/^Reconciled on/)).toHaveLength(1);
  });
});
