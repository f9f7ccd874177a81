import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isProblem } from './client';
import { clearOfflineData } from '../offline/cache';
import { useOnline } from '../offline/online';
import type { User } from './types';

// The queries that several features share (the signed-in user, meta,
// currencies, accounts, categories) and the query keys of every resource.
// A feature's own queries and mutations live in its api.ts.

// Query keys of resources that several features read.
export const keys = {
  me: ['me'] as const,
  meta: ['meta'] as const,
  currencies: ['currencies'] as const,
  accounts: ['accounts'] as const,
  categories: ['categories'] as const,
  movements: ['movements'] as const,
  reports: ['reports'] as const,
  dashboard: ['dashboard'] as const,
  ledger: ['ledger'] as const,
  /** The user's ledgers, their members and invitations (features/ledgers). */
  ledgers: ['ledgers'] as const,
  ledgerCurrencies: ['ledgerCurrencies'] as const,
  rates: ['rates'] as const,
  schedules: ['schedules'] as const,
  rules: ['rules'] as const,
};

/** The server's readable companion of the session cookie (not HttpOnly, no
 * secret: only "1"). It comes and goes with the session. */
export const sessionHintCookie = 'cc_signed_in';

/** Whether this browser has a session, as far as the hint cookie tells. */
export function hasSessionHint(): boolean {
  return document.cookie.split(';').some((c) => c.trim() === `${sessionHintCookie}=1`);
}

/** The signed-in user, or null when signed out (401). Other failures throw.
 * Without the hint cookie there is no session to ask about: a signed-out
 * visit makes no request that the browser would log as a failed one. */
export const meQuery = queryOptions({
  queryKey: keys.me,
  queryFn: async (): Promise<User | null> => {
    if (!hasSessionHint()) {
      // Signed out (here, elsewhere, or the session expired): the data kept for offline reading goes too.
      void clearOfflineData();
      return null;
    }
    try {
      return await api.GET('/api/v1/me');
    } catch (e) {
      if (isProblem(e) && e.status === 401) return null;
      throw e;
    }
  },
  retry: false,
  staleTime: 5 * 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}

/** The signed-in user; only for screens behind the sign-in guard. */
export function useUser(): User {
  const { data } = useMe();
  if (!data) throw new Error('useUser outside a signed-in route');
  return data;
}

/** Ends this session (the caller forgets what it kept of it). */
export function signOut() {
  return api.POST('/api/v1/auth/logout');
}

/** Whether the user's role lets them change the current ledger's data: a viewer only reads it (the server answers 403 to a viewer's writes). */
export function useMayWrite(): boolean {
  const { data } = useMe();
  return data?.ledgerRole !== 'viewer';
}

/** Whether the user may change the current ledger's data now: their role lets them, and the browser is online (offline, the screens show the data read last, and only a new movement can be added: it waits to be sent). */
export function useCanWrite(): boolean {
  const online = useOnline();
  return useMayWrite() && online;
}

/** Sets the signed-in user; when it is another one (a sign-in), the data kept for offline reading is forgotten: it was someone else's. */
export function useSetUser() {
  const qc = useQueryClient();
  return (u: User | null) => {
    if (qc.getQueryData<User | null>(keys.me)?.uid !== u?.uid) void clearOfflineData();
    qc.setQueryData(keys.me, u);
  };
}

export const metaQuery = queryOptions({ queryKey: keys.meta, queryFn: () => api.GET('/api/v1/meta'), staleTime: Infinity });

export function useMeta() {
  return useQuery(metaQuery);
}

export function useCurrencies() {
  return useQuery({ queryKey: keys.currencies, queryFn: () => api.GET('/api/v1/currencies'), staleTime: Infinity });
}

export const accountsQuery = queryOptions({ queryKey: keys.accounts, queryFn: async () => (await api.GET('/api/v1/accounts')).items });

export function useAccounts() {
  return useQuery(accountsQuery);
}

export const categoriesQuery = queryOptions({
  queryKey: keys.categories,
  queryFn: async () => (await api.GET('/api/v1/categories')).items,
});

export function useCategories() {
  return useQuery(categoriesQuery);
}

/** After any movement write: balances, lists, reports and the dashboard change. */
export function useInvalidateLedger() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: keys.accounts }),
      qc.invalidateQueries({ queryKey: keys.movements }),
      qc.invalidateQueries({ queryKey: keys.reports }),
      qc.invalidateQueries({ queryKey: keys.dashboard }),
    ]);
}
