import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isProblem } from './client';
import { isIntlCurrency, registerCurrencies } from '../money';
import type { AccountList, CategoryList, CustomCurrencyList } from './schema.gen';
import type { Currency, Meta, User } from './types';

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
    if (!hasSessionHint()) return null;
    try {
      return await api.get<User>('/api/v1/me');
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

/** Whether the user may change the current ledger's data: a viewer only reads it (the server answers 403 to a viewer's writes). */
export function useCanWrite(): boolean {
  const { data } = useMe();
  return data?.ledgerRole !== 'viewer';
}

export function useSetUser() {
  const qc = useQueryClient();
  return (u: User | null) => qc.setQueryData(keys.me, u);
}

export const metaQuery = queryOptions({ queryKey: keys.meta, queryFn: () => api.get<Meta>('/api/v1/meta'), staleTime: Infinity });

export function useMeta() {
  return useQuery(metaQuery);
}

export function useCurrencies() {
  return useQuery({ queryKey: keys.currencies, queryFn: () => api.get<Currency[]>('/api/v1/currencies'), staleTime: Infinity });
}

export const accountsQuery = queryOptions({ queryKey: keys.accounts, queryFn: async () => (await api.get<AccountList>('/api/v1/accounts')).items });

export function useAccounts() {
  return useQuery(accountsQuery);
}

export const categoriesQuery = queryOptions({
  queryKey: keys.categories,
  queryFn: async () => (await api.get<CategoryList>('/api/v1/categories')).items,
});

export function useCategories() {
  return useQuery(categoriesQuery);
}

/** The ledger's own currencies; every amount in them is formatted with their decimals and symbol from then on. */
export const ledgerCurrenciesQuery = queryOptions({
  queryKey: keys.ledgerCurrencies,
  queryFn: async () => {
    const { items } = await api.get<CustomCurrencyList>('/api/v1/ledger/currencies');
    registerCurrencies(items);
    return items;
  },
  staleTime: Infinity,
});

export function useLedgerCurrencies() {
  return useQuery(ledgerCurrenciesQuery);
}

/**
 * A screen that shows amounts in these currencies calls this: when one of
 * them is not a currency Intl knows (a ledger's own), the ledger's currencies
 * are loaded, and the screen renders again with their decimals and symbols.
 * A ledger of ISO currencies only asks nothing more.
 */
export function useCurrencyBook(codes: readonly (string | undefined)[]) {
  const needed = codes.some((c) => c !== undefined && !isIntlCurrency(c));
  useQuery({ ...ledgerCurrenciesQuery, enabled: needed });
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
