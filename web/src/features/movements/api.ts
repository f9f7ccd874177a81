import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, formData, newIdempotencyKey, query, type RequestBody } from '@/shared/api/client';
import { keys, useInvalidateLedger } from '@/shared/api/queries';
import type { BulkRequest, MovementInput, paths, SplitInput } from '@/shared/api/schema.gen';
import type { Movement, MovementType } from '@/shared/api/types';
import type { MovementFilters } from './filters';

export type { MovementInput, SplitInput };

/** A new movement: its type, date, amount and account at least. */
export type NewMovement = RequestBody<'/api/v1/movements', 'post'>;

type ExportQuery = NonNullable<paths['/api/v1/movements/export.csv']['get']['parameters']['query']>;

/** The filters as the list's query parameters (lists comma-separated; the empty ones are left out). */
function filterQuery(f: MovementFilters) {
  return {
    from: f.from,
    to: f.to,
    type: f.type.join(','),
    accountId: f.accountId.join(','),
    categoryId: f.categoryId.join(','),
    tag: f.tag.join(','),
    minAmount: f.minAmount === '' ? undefined : Number(f.minAmount),
    maxAmount: f.maxAmount === '' ? undefined : Number(f.maxAmount),
    q: f.q,
    order: f.order,
    state: f.state.join(','),
  };
}

export function exportUrl(f: MovementFilters) {
  // A file the browser downloads (CSV, not JSON): its path and parameters checked against the schema, the link made here.
  const path = '/api/v1/movements/export.csv' satisfies keyof paths;
  return `${path}${query(filterQuery(f) satisfies ExportQuery)}`;
}

export const movementListQuery = (f: MovementFilters) =>
  infiniteQueryOptions({
    queryKey: [...keys.movements, 'list', f],
    queryFn: ({ pageParam }) => api.GET('/api/v1/movements', { params: { query: { ...filterQuery(f), limit: 100, cursor: pageParam } } }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useMovementList(f: MovementFilters) {
  return useInfiniteQuery(movementListQuery(f));
}

export const movementTotalsQuery = (f: MovementFilters) =>
  queryOptions({ queryKey: [...keys.movements, 'totals', f], queryFn: () => api.GET('/api/v1/movements/totals', { params: { query: filterQuery(f) } }) });

export function useMovementTotals(f: MovementFilters) {
  return useQuery(movementTotalsQuery(f));
}

export function useRecentMovements(limit: number) {
  return useQuery({
    queryKey: [...keys.movements, 'recent', limit],
    queryFn: async () => (await api.GET('/api/v1/movements', { params: { query: { limit } } })).items,
  });
}

export function useMovementMutations() {
  const invalidate = useInvalidateLedger();
  return {
    /** key: the same for every attempt at one movement, so that a double-click saves it once. */
    create: useMutation({
      mutationFn: ({ key, ...m }: NewMovement & { key: string }) => api.POST('/api/v1/movements', { body: m, params: { header: { 'Idempotency-Key': key } } }),
      onSuccess: invalidate,
    }),
    /** confirm: change a reconciled movement's amount, date, account or state (the server answers 409 reconciled without it). */
    update: useMutation({
      mutationFn: ({ id, confirm, ...m }: MovementInput & { id: string; confirm?: boolean }) =>
        api.PATCH('/api/v1/movements/{id}', { params: { path: { id }, query: { confirm: confirm ? 'true' : undefined } }, body: m }),
      onSuccess: invalidate,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.DELETE('/api/v1/movements/{id}', { params: { path: { id } } }), onSuccess: invalidate }),
    /** confirm: reconciled movements too (the server answers 409 reconciled without it). */
    bulkDelete: useMutation({
      mutationFn: ({ ids, confirm }: { ids: string[]; confirm?: boolean }) =>
        api.POST('/api/v1/movements/bulk', {
          params: { query: { confirm: confirm ? 'true' : undefined } },
          body: { action: 'delete', ids } satisfies BulkRequest,
        }),
      onSuccess: invalidate,
    }),
    bulkCreate: useMutation({
      mutationFn: (movements: MovementInput[]) =>
        api.POST('/api/v1/movements/bulk', {
          body: { action: 'create', movements } satisfies BulkRequest,
          params: { header: { 'Idempotency-Key': newIdempotencyKey() } },
        }),
      onSuccess: invalidate,
    }),
    recategorize: useMutation({
      mutationFn: ({ ids, categoryId }: { ids: string[]; categoryId: string }) =>
        api.POST('/api/v1/movements/bulk', { body: { action: 'recategorize', ids, categoryId } satisfies BulkRequest }),
      onSuccess: invalidate,
    }),
  };
}

/** What a deleted movement needs to be created again (undo). */
export function asInput(m: Movement): MovementInput {
  return {
    type: m.type,
    date: m.date,
    amount: m.amount,
    accountId: m.accountId,
    categoryId: m.categoryId,
    toAccountId: m.toAccountId,
    toAmount: m.toAmount,
    description: m.description,
    notes: m.notes,
    tags: m.tags,
    splits: (m.splits ?? []).map(({ categoryId, amount, note }) => ({ categoryId, amount, note })),
  };
}

/**
 * The best category for a movement being typed (debounced by the caller),
 * null when none, and the category the ledger's rules set (rule, which wins
 * on save, so it wins here too).
 */
export function useCategorySuggestion(p: { description: string; type: MovementType; accountId: string | null; amount: number | null }, enabled: boolean) {
  const description = p.description.trim();
  return useQuery({
    queryKey: [...keys.movements, 'suggest', p],
    queryFn: async () => {
      const r = await api.GET('/api/v1/categories/suggest', {
        params: {
          query: { description, type: p.type === 'transfer' ? undefined : p.type, accountId: p.accountId ?? undefined, amount: p.amount ?? undefined },
        },
      });
      return { best: r.items[0] ?? null, rule: r.rule ?? null };
    },
    enabled: enabled && description.length >= 2 && p.type !== 'transfer',
    staleTime: 60_000,
  });
}

export function useAttachments(movementId: string) {
  return useQuery({
    queryKey: [...keys.movements, 'attachments', movementId],
    queryFn: async () => (await api.GET('/api/v1/movements/{id}/attachments', { params: { path: { id: movementId } } })).items,
  });
}

/** Attaching and removing files; the list's paperclips refresh with them. */
export function useAttachmentMutations(movementId: string) {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: keys.movements });
  return {
    add: useMutation({
      mutationFn: (file: File) => api.POST('/api/v1/movements/{id}/attachments', { params: { path: { id: movementId } }, body: formData({ file }) }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.DELETE('/api/v1/attachments/{id}', { params: { path: { id } } }), onSuccess }),
  };
}

/** A file attached to a movement just saved (the receipt's photo read into the new movement form). */
export function useAttachFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ movementId, file }: { movementId: string; file: File }) =>
      api.POST('/api/v1/movements/{id}/attachments', { params: { path: { id: movementId } }, body: formData({ file }) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.movements }),
  });
}
