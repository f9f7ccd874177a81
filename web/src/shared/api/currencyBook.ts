import { queryOptions, useQuery } from '@tanstack/react-query';
import { isIntlCurrency, registerCurrencies } from '../money';
import { api } from './client';
import { keys } from './queries';

// Apart from queries.ts, which the sign-in page loads: only the screens that
// show amounts need the money helpers.

/** The ledger's own currencies; every amount in them is formatted with their decimals and symbol from then on. */
export const ledgerCurrenciesQuery = queryOptions({
  queryKey: keys.ledgerCurrencies,
  queryFn: async () => {
    const { items } = await api.GET('/api/v1/ledger/currencies');
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
