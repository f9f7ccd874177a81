import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, query } from '@/shared/api/client';
import { useInvalidateLedger } from '@/shared/api/queries';
import type {
  Account,
  AccountInput,
  BankConnectInput,
  BankConnection,
  BankConnectionList,
  BankInstitutionList,
  BankLinkInput,
  BankMatchList,
  BankStarted,
  BankStartInput,
  BankSyncResult,
  BankUndone,
} from '@/shared/api/schema.gen';

export type { BankAccount, BankConnection, BankInstitution, BankMatch } from '@/shared/api/schema.gen';

// Bank connections (GET/POST /api/v1/bank/connections…): for a ledger's
// owners and editors only (a viewer's request answers 403, so it is not made).

export const bankKeys = {
  all: ['banks'] as const,
  connections: ['banks', 'connections'] as const,
  institutions: (id: string, country: string) => ['banks', 'institutions', id, country] as const,
  matches: (id: string) => ['banks', 'matches', id] as const,
};

const base = '/api/v1/bank/connections';

/** The ledger's connections with their bank accounts (never their secrets); enabled: false for a viewer. */
export function useBankConnections(enabled = true) {
  return useQuery({
    queryKey: bankKeys.connections,
    queryFn: async () => (await api.get<BankConnectionList>(base)).items,
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
    mutationFn: (input: BankConnectInput) => api.post<BankConnection>(base, input),
    onSuccess: put,
  });
}

/** The banks of a country that an Enable Banking connection can reach (with logos). */
export function useInstitutions(id: string, country: string | null) {
  return useQuery({
    queryKey: bankKeys.institutions(id, country ?? ''),
    queryFn: async () => (await api.get<BankInstitutionList>(`${base}/${id}/institutions${query({ country })}`)).items,
    enabled: !!country,
    staleTime: 60 * 60_000,
  });
}

/** Asks the bank for the user's authorisation: the answer is the bank's page, where the browser goes. */
export function useStartBank() {
  return useMutation({
    mutationFn: ({ id, ...input }: BankStartInput & { id: string }) => api.post<BankStarted>(`${base}/${id}/start`, input),
  });
}

/** Links a bank account to an account of the ledger (null: unlinks it). */
export function useLinkBankAccount() {
  const put = useStoreConnection();
  return useMutation({
    mutationFn: ({ id, bankAccountId, accountId }: { id: string; bankAccountId: string; accountId: string | null }) =>
      api.put<BankConnection>(`${base}/${id}/accounts/${encodeURIComponent(bankAccountId)}`, { accountId } satisfies BankLinkInput),
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
    mutationFn: async ({ id, bankAccountId, account }: { id: string; bankAccountId: string; account: AccountInput }) => {
      const path = `${base}/${id}/accounts/${encodeURIComponent(bankAccountId)}`;
      const created = await api.post<Account>('/api/v1/accounts', { ...account, openingBalance: 0 } satisfies AccountInput);
      put(await api.put<BankConnection>(path, { accountId: created.id } satisfies BankLinkInput));
      await api.post<BankSyncResult>(`${base}/${id}/sync`);
      const c = await api.get<BankConnection>(`${base}/${id}`);
      const b = c.accounts.find((a) => a.id === bankAccountId);
      if (b && b.appBalance !== null && b.appBalance !== b.balance) {
        await api.patch<Account>(`/api/v1/accounts/${created.id}`, { openingBalance: b.balance - b.appBalance } satisfies AccountInput);
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
    mutationFn: (id: string) => api.post<BankSyncResult>(`${base}/${id}/sync`),
    onSettled: () => Promise.all([invalidate(), qc.invalidateQueries({ queryKey: bankKeys.all })]),
  });
}

/** How often the connection syncs by itself (0: by hand only). */
export function useSetSyncEvery() {
  const put = useStoreConnection();
  return useMutation({
    mutationFn: ({ id, syncEveryHours }: { id: string; syncEveryHours: number }) => api.patch<BankConnection>(`${base}/${id}`, { syncEveryHours }),
    onSuccess: put,
  });
}

/** Forgets a connection (its movements stay). */
export function useDisconnectBank() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del(`${base}/${id}`),
    onSuccess: (_, id) => {
      qc.setQueryData<BankConnection[]>(bankKeys.connections, (list) => list?.filter((c) => c.id !== id));
      return qc.invalidateQueries({ queryKey: bankKeys.all });
    },
  });
}

/** The bank transactions a sync matched with movements the ledger had. */
export function useBankMatches(id: string) {
  return useQuery({ queryKey: bankKeys.matches(id), queryFn: async () => (await api.get<BankMatchList>(`${base}/${id}/matches`)).items });
}

/** Undoes a match: the bank transaction becomes a movement of its own. */
export function useUndoMatch() {
  const qc = useQueryClient();
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: ({ id, matchId }: { id: string; matchId: string }) => api.del<BankUndone>(`${base}/${id}/matches/${matchId}`),
    onSuccess: () => Promise.all([invalidate(), qc.invalidateQueries({ queryKey: bankKeys.all })]),
  });
}
