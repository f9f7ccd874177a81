import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestBody } from '@/shared/api/client';
import { useInvalidateLedger } from '@/shared/api/queries';
import type { BankConnectInput, BankConnection, BankStartInput } from '@/shared/api/schema.gen';

export type { BankAccount, BankConnection, BankInstitution, BankMatch } from '@/shared/api/schema.gen';

// Bank connections (GET/POST /api/v1/bank/connections…): for a ledger's
// owners and editors only (a viewer's request answers 403, so it is not made).

export const bankKeys = {
  all: ['banks'] as const,
  connections: ['banks', 'connections'] as const,
  institutions: (id: string, country: string) => ['banks', 'institutions', id, country] as const,
  matches: (id: string) => ['banks', 'matches', id] as const,
};

/** Links a bank account to one of the ledger's accounts (null: unlinks it); the connection as it is now. */
const linkAccount = (id: string, bankAccountId: string, accountId: string | null) =>
  api.PUT('/api/v1/bank/connections/{id}/accounts/{bankAccountId}', { params: { path: { id, bankAccountId } }, body: { accountId } });

/** The ledger's connections with their bank accounts (never their secrets); enabled: false for a viewer. */
export function useBankConnections(enabled = true) {
  return useQuery({
    queryKey: bankKeys.connections,
    queryFn: async () => (await api.GET('/api/v1/bank/connections')).items,
    enabled,
  });
}

/** Puts a connection the server answered into the list (new or changed). */
function useStoreConnection() {
  const qc = useQueryClient();
  return (c: BankConnection) =>
    qc.setQueryData<BankConnection[]>(bankKeys.connections, (list) => {
      if (!list) return [c];
      return list.some((x) => x.id === c.id) ? list.map((x) => (x.id === c.id ? c : x)) : [...list, c];
    });
}

/** Connects a bank: SimpleFIN with a setup token (its accounts come back), Enable Banking with the user's application (pending until the bank authorises). */
export function useConnectBank() {
  const put = useStoreConnection();
  return useMutation({
    mutationFn: (input: BankConnectInput) => api.POST('/api/v1/bank/connections', { body: input }),
    onSuccess: put,
  });
}

/** The banks of a country that an Enable Banking connection can reach (with logos). */
export function useInstitutions(id: string, country: string | null) {
  return useQuery({
    queryKey: bankKeys.institutions(id, country ?? ''),
    queryFn: async () =>
      (await api.GET('/api/v1/bank/connections/{id}/institutions', { params: { path: { id }, query: { country: country ?? undefined } } })).items,
    enabled: !!country,
    staleTime: 60 * 60_000,
  });
}

/** Asks the bank for the user's authorisation: the answer is the bank's page, where the browser goes. */
export function useStartBank() {
  return useMutation({
    mutationFn: ({ id, ...input }: BankStartInput & { id: string }) =>
      api.POST('/api/v1/bank/connections/{id}/start', { params: { path: { id } }, body: input }),
  });
}

/** Links a bank account to an account of the ledger (null: unlinks it). */
export function useLinkBankAccount() {
  const put = useStoreConnection();
  return useMutation({
    mutationFn: ({ id, bankAccountId, accountId }: { id: string; bankAccountId: string; accountId: string | null }) =>
      linkAccount(id, bankAccountId, accountId),
    onSuccess: put,
  });
}

/**
 * Creates an account from a bank account and links it: the account gets the
 * bank account's name and currency, then the connection is synced (the first
 * sync of an account brings its last 90 days) and the account's opening
 * balance is set so that its balance is the bank's. An opening balance of the
 * bank's balance would count those 90 days twice. When the sync fails the
 * account stays linked with an opening balance of 0 and the failure is thrown
 * (the connection shows it; the next sync does the rest but the opening).
 */
export function useCreateAndLink() {
  const qc = useQueryClient();
  const put = useStoreConnection();
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: async ({ id, bankAccountId, account }: { id: string; bankAccountId: string; account: RequestBody<'/api/v1/accounts', 'post'> }) => {
      const created = await api.POST('/api/v1/accounts', { body: { ...account, openingBalance: 0 } });
      put(await linkAccount(id, bankAccountId, created.id));
      await api.POST('/api/v1/bank/connections/{id}/sync', { params: { path: { id } } });
      const c = await api.GET('/api/v1/bank/connections/{id}', { params: { path: { id } } });
      const b = c.accounts.find((a) => a.id === bankAccountId);
      if (b && b.appBalance !== null && b.appBalance !== b.balance) {
        await api.PATCH('/api/v1/accounts/{id}', { params: { path: { id: created.id } }, body: { openingBalance: b.balance - b.appBalance } });
      }
      return created;
    },
    onSettled: () => Promise.all([invalidate(), qc.invalidateQueries({ queryKey: bankKeys.all })]),
  });
}

/**
 * Syncs a connection now. A sync adds and changes movements: balances, lists,
 * reports and the dashboard are asked for again, and the connection (its last
 * sync, the bank's balances) and its matches. A failed one is kept on the
 * connection too, so the list is asked for again either way.
 */
export function useSyncBank() {
  const qc = useQueryClient();
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (id: string) => api.POST('/api/v1/bank/connections/{id}/sync', { params: { path: { id } } }),
    onSettled: () => Promise.all([invalidate(), qc.invalidateQueries({ queryKey: bankKeys.all })]),
  });
}

/** How often the connection syncs by itself (0: by hand only). */
export function useSetSyncEvery() {
  const put = useStoreConnection();
  return useMutation({
    mutationFn: ({ id, syncEveryHours }: { id: string; syncEveryHours: number }) =>
      api.PATCH('/api/v1/bank/connections/{id}', { params: { path: { id } }, body: { syncEveryHours } }),
    onSuccess: put,
  });
}

/** Forgets a connection (its movements stay). */
export function useDisconnectBank() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.DELETE('/api/v1/bank/connections/{id}', { params: { path: { id } } }),
    onSuccess: (_, id) => {
      qc.setQueryData<BankConnection[]>(bankKeys.connections, (list) => list?.filter((c) => c.id !== id));
      return qc.invalidateQueries({ queryKey: bankKeys.all });
    },
  });
}

/** The bank transactions a sync matched with movements the ledger had. */
export function useBankMatches(id: string) {
  return useQuery({
    queryKey: bankKeys.matches(id),
    queryFn: async () => (await api.GET('/api/v1/bank/connections/{id}/matches', { params: { path: { id } } })).items,
  });
}

/** Undoes a match: the bank transaction becomes a movement of its own. */
export function useUndoMatch() {
  const qc = useQueryClient();
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: ({ id, matchId }: { id: string; matchId: string }) =>
      api.DELETE('/api/v1/bank/connections/{id}/matches/{matchId}', { params: { path: { id, matchId } } }),
    onSuccess: () => Promise.all([invalidate(), qc.invalidateQueries({ queryKey: bankKeys.all })]),
  });
}
