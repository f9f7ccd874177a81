import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, query } from '@/shared/api/client';
import { keys, useInvalidateLedger } from '@/shared/api/queries';
import type { CustomCurrencyBody, LedgerSettingsRequest, RateInput, RateList, RatesImported, RatesPreview } from '@/shared/api/schema.gen';
import type { CustomCurrency, Ledger, Rate } from '@/shared/api/types';

export type { RatesPreview };

export function useLedger() {
  return useQuery({ queryKey: keys.ledger, queryFn: () => api.get<Ledger>('/api/v1/ledger') });
}

/** Changing the base currency re-expresses every converted figure: every screen's totals are asked for again. */
export function useSetBaseCurrency() {
  const qc = useQueryClient();
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (baseCurrency: string) => api.put<Ledger>('/api/v1/ledger', { baseCurrency } satisfies LedgerSettingsRequest),
    onSuccess: (l) => {
      qc.setQueryData(keys.ledger, l);
      return Promise.all([invalidate(), qc.invalidateQueries({ queryKey: keys.rates }), qc.invalidateQueries({ queryKey: keys.me })]);
    },
  });
}

/** Switches the daily download of the ECB's reference rates (on only once a first download works: 502 rates_unavailable otherwise). */
export function useSetECBRates() {
  const qc = useQueryClient();
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (ecbRates: boolean) => api.put<Ledger>('/api/v1/ledger', { ecbRates } satisfies LedgerSettingsRequest),
    onSuccess: (l) => {
      qc.setQueryData(keys.ledger, l);
      return Promise.all([invalidate(), qc.invalidateQueries({ queryKey: keys.rates })]);
    },
  });
}

/** Downloads the ECB's rates now. */
export function useDownloadECB() {
  const qc = useQueryClient();
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: () => api.post<RatesImported>('/api/v1/rates/ecb'),
    onSuccess: () => Promise.all([invalidate(), qc.invalidateQueries({ queryKey: keys.rates }), qc.invalidateQueries({ queryKey: keys.ledger })]),
  });
}

function ratesFile(file: File) {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** Reads a CSV of rates (date,currency,rate) without storing anything: the first rows and the first errors. */
export const previewRates = (file: File) => api.post<RatesPreview>('/api/v1/rates/import?dryRun=true', ratesFile(file));

/** Stores a CSV of rates in one transaction: all of them, or (skipInvalid) the good lines. */
export function useImportRates() {
  const qc = useQueryClient();
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: ({ file, skipInvalid }: { file: File; skipInvalid: boolean }) =>
      api.post<RatesImported>(`/api/v1/rates/import${query({ skipInvalid })}`, ratesFile(file)),
    onSuccess: () => Promise.all([invalidate(), qc.invalidateQueries({ queryKey: keys.rates })]),
  });
}

/** The rates of currency (where it is the currency or the quote), newest first. */
export function useRates(currency: string | null) {
  return useQuery({
    queryKey: [...keys.rates, currency],
    queryFn: async () => (await api.get<RateList>(`/api/v1/rates${query({ currency })}`)).items,
    enabled: currency !== null,
  });
}

/** A rate changes the converted figures of its days: the rates, and every total. */
export function useRateMutations() {
  const qc = useQueryClient();
  const invalidate = useInvalidateLedger();
  const done = () => Promise.all([qc.invalidateQueries({ queryKey: keys.rates }), invalidate()]);
  return {
    /** The same (currency, quote, date) again replaces the earlier rate: that is how a rate is edited. */
    save: useMutation({ mutationFn: (r: RateInput) => api.post<Rate>('/api/v1/rates', r), onSuccess: done }),
    remove: useMutation({ mutationFn: (id: string) => api.del(`/api/v1/rates/${id}`), onSuccess: done }),
  };
}

/** The ledger's own currencies: add one (a code that is not ISO 4217, a name, a symbol, 0–8 decimals), or delete one no account, rate or base uses. */
export function useCustomCurrencyMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: keys.ledgerCurrencies });
  return {
    create: useMutation({ mutationFn: (c: CustomCurrencyBody) => api.post<CustomCurrency>('/api/v1/ledger/currencies', c), onSuccess: done }),
    remove: useMutation({ mutationFn: (code: string) => api.del(`/api/v1/ledger/currencies/${encodeURIComponent(code)}`), onSuccess: done }),
  };
}
