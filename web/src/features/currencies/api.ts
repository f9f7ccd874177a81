import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, formData, type RequestBody } from '@/shared/api/client';
import { keys, useInvalidateLedger } from '@/shared/api/queries';
import type { RatesImported, RatesPreview } from '@/shared/api/schema.gen';

export type { RatesPreview };

export function useLedger() {
  return useQuery({ queryKey: keys.ledger, queryFn: () => api.GET('/api/v1/ledger') });
}

/** Changing the base currency re-expresses every converted figure: every screen's totals are asked for again. */
export function useSetBaseCurrency() {
  const qc = useQueryClient();
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (baseCurrency: string) => api.PUT('/api/v1/ledger', { body: { baseCurrency } }),
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
    mutationFn: (ecbRates: boolean) => api.PUT('/api/v1/ledger', { body: { ecbRates } }),
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
    mutationFn: () => api.POST('/api/v1/rates/ecb'),
    onSuccess: () => Promise.all([invalidate(), qc.invalidateQueries({ queryKey: keys.rates }), qc.invalidateQueries({ queryKey: keys.ledger })]),
  });
}

/** Reads a CSV of rates (date,currency,rate) without storing anything: the first rows and the first errors. */
// One operation answers both a dry run (the preview) and an import (what it did): the schema cannot say which answers which.
export const previewRates = async (file: File) =>
  (await api.POST('/api/v1/rates/import', { params: { query: { dryRun: 'true' } }, body: formData({ file }) })) as RatesPreview;

/** Stores a CSV of rates in one transaction: all of them, or (skipInvalid) the good lines. */
export function useImportRates() {
  const qc = useQueryClient();
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: async ({ file, skipInvalid }: { file: File; skipInvalid: boolean }) =>
      (await api.POST('/api/v1/rates/import', {
        params: { query: { skipInvalid: skipInvalid ? 'true' : 'false' } },
        body: formData({ file }),
      })) as RatesImported,
    onSuccess: () => Promise.all([invalidate(), qc.invalidateQueries({ queryKey: keys.rates })]),
  });
}

/** The rates of currency (where it is the currency or the quote), newest first. */
export function useRates(currency: string | null) {
  return useQuery({
    queryKey: [...keys.rates, currency],
    queryFn: async () => (await api.GET('/api/v1/rates', { params: { query: { currency: currency ?? undefined } } })).items,
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
    save: useMutation({ mutationFn: (r: RequestBody<'/api/v1/rates', 'post'>) => api.POST('/api/v1/rates', { body: r }), onSuccess: done }),
    remove: useMutation({ mutationFn: (id: string) => api.DELETE('/api/v1/rates/{id}', { params: { path: { id } } }), onSuccess: done }),
  };
}

/** The ledger's own currencies: add one (a code that is not ISO 4217, a name, a symbol, 0–8 decimals), or delete one no account, rate or base uses. */
export function useCustomCurrencyMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: keys.ledgerCurrencies });
  return {
    create: useMutation({
      mutationFn: (c: RequestBody<'/api/v1/ledger/currencies', 'post'>) => api.POST('/api/v1/ledger/currencies', { body: c }),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (code: string) => api.DELETE('/api/v1/ledger/currencies/{code}', { params: { path: { code } } }), onSuccess: done }),
  };
}
