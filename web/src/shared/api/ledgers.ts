import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { keys } from './queries';
import type { Page, User, UserLedger } from './types';

// The current ledger: which one it is, and changing it. The header's switcher,
// the Ledgers screen and an accepted invitation all change it the same way.

/** The user's ledgers, the default first, then by name. */
export function useLedgers() {
  return useQuery({
    queryKey: keys.ledgers,
    queryFn: async () => (await api.get<Page<UserLedger>>('/api/v1/ledgers')).items,
    staleTime: 5 * 60_000,
  });
}

// Answers that do not depend on the ledger: kept when it changes (an
// invitation's page stays as it was while its ledger becomes the current one).
export const ledgerFree = new Set<unknown>([keys.me[0], keys.meta[0], keys.currencies[0], 'providers', 'invitation']);

/**
 * Another ledger is current now: every answer of the one before is dropped
 * (reset, so that no screen shows the old ledger's figures while the new
 * ones load) and asked for again. The user keeps what the server said; the
 * ledger list marks the new current one at once, then reloads too.
 */
export async function ledgerChanged(qc: QueryClient, user: User | null, ledgerId?: string): Promise<void> {
  if (user) qc.setQueryData(keys.me, user);
  const current = ledgerId ?? user?.ledgerId;
  if (current) qc.setQueryData<UserLedger[]>(keys.ledgers, (ls) => ls?.map((l) => ({ ...l, current: l.id === current })));
  await Promise.all([
    qc.resetQueries({ predicate: (q) => !ledgerFree.has(q.queryKey[0]) && q.queryKey[0] !== keys.ledgers[0] }),
    qc.invalidateQueries({ queryKey: keys.ledgers }),
    // Without the user in the answer, ask for it (its role in the ledger changed).
    user ? undefined : qc.invalidateQueries({ queryKey: keys.me }),
  ]);
}

/** Makes another of the user's ledgers the current one (remembered on every device), then drops the answers of the one before. */
export async function switchLedger(qc: QueryClient, ledgerId: string): Promise<User> {
  const user = await api.put<User>('/api/v1/me/ledger', { ledgerId });
  await ledgerChanged(qc, user, ledgerId);
  return user;
}

export function useSwitchLedger() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (ledgerId: string) => switchLedger(qc, ledgerId) });
}
