import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '@/shared/api/client';
import { keys, useInvalidateLedger } from '@/shared/api/queries';
import type { ReconcileDraftInput, ReconcileInput } from '@/shared/api/schema.gen';

/** How many uncleared movements a page of the reconcile screen lists. */
export const RECONCILE_PAGE = 100;

/** The reconcile screen's data for a statement date: the cleared balance on it and the uncleared movements up to it, a page at a time. Under keys.accounts: a movement's write refreshes it. */
export function useReconcileView(accountId: string, date: string) {
  return useInfiniteQuery({
    queryKey: [...keys.accounts, accountId, 'reconciliation', date],
    queryFn: ({ pageParam }) =>
      api.GET('/api/v1/accounts/{id}/reconciliation', { params: { path: { id: accountId }, query: { date, limit: RECONCILE_PAGE, cursor: pageParam } } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    placeholderData: (prev) => prev,
  });
}

/** The balances the account's bank files stated, beside the app's. */
export function useCheckpoints(accountId: string) {
  return useQuery({
    queryKey: [...keys.accounts, accountId, 'checkpoints'],
    queryFn: async () => (await api.GET('/api/v1/accounts/{id}/checkpoints', { params: { path: { id: accountId } } })).items,
  });
}

export function useReconcileMutations(accountId: string) {
  const qc = useQueryClient();
  const invalidate = useInvalidateLedger();
  return {
    /** key: the same for every attempt at one reconciliation, so that a double-click reconciles once. */
    finish: useMutation({
      mutationFn: ({ key, ...body }: ReconcileInput & { key: string }) =>
        api.POST('/api/v1/accounts/{id}/reconciliations', { params: { path: { id: accountId }, header: { 'Idempotency-Key': key } }, body }),
      onSuccess: invalidate,
    }),
    saveDraft: useMutation({
      mutationFn: (d: ReconcileDraftInput) => api.PUT('/api/v1/accounts/{id}/reconciliation/draft', { params: { path: { id: accountId } }, body: d }),
      onSuccess: () => qc.invalidateQueries({ queryKey: keys.accounts }),
    }),
    forgetDraft: useMutation({
      mutationFn: () => api.DELETE('/api/v1/accounts/{id}/reconciliation/draft', { params: { path: { id: accountId } } }),
      onSuccess: () => qc.invalidateQueries({ queryKey: keys.accounts }),
    }),
  };
}

export { newIdempotencyKey };
