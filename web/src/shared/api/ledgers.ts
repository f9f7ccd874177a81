import { useMemo } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { keys } from './queries';
import type { Member, User, UserLedger } from './types';

// The current ledger: which one it is, and changing it. The header's switcher,
// the Ledgers screen and an accepted invitation all change it the same way.

/** The user's ledgers, the default first, then by name. */
export const ledgersQuery = queryOptions({
  queryKey: keys.ledgers,
  queryFn: async () => (await api.GET('/api/v1/ledgers')).items,
  staleTime: 5 * 60_000,
});

export function useLedgers() {
  return useQuery(ledgersQuery);
}

/**
 * A ledger's name as lists show it: one the user joined (does not own) is
 * told apart by its owner's name ("Personal — Ana"), for everyone's first
 * ledger is called the same.
 */
export const ledgerLabel = (l: Pick<UserLedger, 'name' | 'role' | 'owner'>) => (l.role !== 'owner' && l.owner ? `${l.name} — ${l.owner}` : l.name);

/** The members of a ledger: the Ledgers screen lists them; a shared ledger's screens name who recorded what. */
export const membersKey = (ledgerId: string) => [...keys.ledgers, ledgerId, 'members'] as const;

export function useMembers(ledgerId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: membersKey(ledgerId ?? ''),
    queryFn: async () => (await api.GET('/api/v1/ledgers/{ledgerId}/members', { params: { path: { ledgerId: ledgerId ?? '' } } })).items,
    enabled: enabled && !!ledgerId,
  });
}

/** A member's name as the app shows it: first and last name, else the email. */
export const memberName = (m: Pick<Member, 'name' | 'lastName' | 'email'>) => [m.name, m.lastName].filter(Boolean).join(' ') || m.email;

/**
 * Who is who in the current ledger when it is shared (user id → name), so
 * that its screens say who recorded and changed what; null in a ledger of
 * one (nothing is asked then).
 */
export function useLedgerPeople(): Map<string, string> | null {
  const ledgers = useLedgers();
  const current = ledgers.data?.find((l) => l.current);
  const shared = !!current && current.members > 1;
  const members = useMembers(current?.id, shared);
  return useMemo(() => (shared && members.data ? new Map(members.data.map((m) => [m.userId, memberName(m)])) : null), [shared, members.data]);
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
  const user = await api.PUT('/api/v1/me/ledger', { body: { ledgerId } });
  await ledgerChanged(qc, user, ledgerId);
  return user;
}

export function useSwitchLedger() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (ledgerId: string) => switchLedger(qc, ledgerId) });
}
