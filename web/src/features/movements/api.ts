import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey, query } from '@/shared/api/client';
import { keys, useInvalidateLedger } from '@/shared/api/queries';
import type {
  Attachment,
  AttachmentList,
  BulkReply,
  BulkRequest,
  MovementInput,
  MovementList,
  MovementTotals,
  SplitInput,
  Suggestions,
} from '@/shared/api/schema.gen';
import type { Movement, MovementType } from '@/shared/api/types';
import type { MovementFilters } from './filters';

export type { MovementInput, SplitInput };

function filterQuery(f: MovementFilters) {
  return {
    from: f.from,
    to: f.to,
    type: f.type,
    accountId: f.accountId,
    categoryId: f.categoryId,
    tag: f.tag,
    minAmount: f.minAmount,
    maxAmount: f.maxAmount,
    q: f.q,
    order: f.order,
    state: f.state,
  };
}

export function exportUrl(f: MovementFilters) {
  return `/api/v1/movements/export.csv${query(filterQuery(f))}`;
}

export const movementListQuery = (f: MovementFilters) =>
  infiniteQueryOptions({
    queryKey: [...keys.movements, 'list', f],
    queryFn: ({ pageParam }) => api.get<MovementList>(`/api/v1/movements${query({ ...filterQuery(f), limit: 100, cursor: pageParam })}`),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useMovementList(f: MovementFilters) {
  return useInfiniteQuery(movementListQuery(f));
}

export const movementTotalsQuery = (f: MovementFilters) =>
  queryOptions({ queryKey: [...keys.movements, 'totals', f], queryFn: () => api.get<MovementTotals>(`/api/v1/movements/totals${query(filterQuery(f))}`) });

export function useMovementTotals(f: MovementFilters) {
  return useQuery(movementTotalsQuery(f));
}

export function useRecentMovements(limit: number) {
  return useQuery({
    queryKey: [...keys.movements, 'recent', limit],
    queryFn: async () => (await api.get<MovementList>(`/api/v1/movements${query({ limit })}`)).items,
  });
}

export function useMovementMutations() {
  const invalidate = useInvalidateLedger();
  return {
    /** key: the same for every attempt at one movement, so that a double-click saves it once. */
    create: useMutation({
      mutationFn: ({ key, ...m }: MovementInput & { key: string }) => api.post<Movement>('/api/v1/movements', m, key),
      onSuccess: invalidate,
    }),
    /** confirm: change a reconciled movement's amount, date, account or state (the server answers 409 reconciled without it). */
    update: useMutation({
      mutationFn: ({ id, confirm, ...m }: MovementInput & { id: string; confirm?: boolean }) =>
        api.patch<Movement>(`/api/v1/movements/${id}${confirm ? '?confirm=true' : ''}`, m),
      onSuccess: invalidate,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.del(`/api/v1/movements/${id}`), onSuccess: invalidate }),
    /** confirm: reconciled movements too (the server answers 409 reconciled without it). */
    bulkDelete: useMutation({
      mutationFn: ({ ids, confirm }: { ids: string[]; confirm?: boolean }) =>
        api.post<BulkReply>(`/api/v1/movements/bulk${confirm ? '?confirm=true' : ''}`, { action: 'delete', ids } satisfies BulkRequest),
      onSuccess: invalidate,
    }),
    bulkCreate: useMutation({
      mutationFn: (movements: MovementInput[]) =>
        api.post<BulkReply>('/api/v1/movements/bulk', { action: 'create', movements } satisfies BulkRequest, newIdempotencyKey()),
      onSuccess: invalidate,
    }),
    recategorize: useMutation({
      mutationFn: ({ ids, categoryId }: { ids: string[]; categoryId: string }) =>
        api.post<BulkReply>('/api/v1/movements/bulk', { action: 'recategorize', ids, categoryId } satisfies BulkRequest),
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
      const r = await api.get<Suggestions>(
        `/api/v1/categories/suggest${query({ description, type: p.type, accountId: p.accountId ?? undefined, amount: p.amount ?? undefined })}`,
      );
      return { best: r.items[0] ?? null, rule: r.rule ?? null };
    },
    enabled: enabled && description.length >= 2 && p.type !== 'transfer',
    staleTime: 60_000,
  });
}

export function useAttachments(movementId: string) {
  return useQuery({
    queryKey: [...keys.movements, 'attachments', movementId],
    queryFn: async () => (await api.get<AttachmentList>(`/api/v1/movements/${movementId}/attachments`)).items,
  });
}

/** Attaching and removing files; the list's paperclips refresh with them. */
export function useAttachmentMutations(movementId: string) {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: keys.movements });
  return {
    add: useMutation({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return api.post<Attachment>(`/api/v1/movements/${movementId}/attachments`, form);
      },
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.del(`/api/v1/attachments/${id}`), onSuccess }),
  };
}

/** A file attached to a movement just saved (the receipt's photo read into the new movement form). */
export function useAttachFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ movementId, file }: { movementId: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<Attachment>(`/api/v1/movements/${movementId}/attachments`, form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.movements }),
  });
}
