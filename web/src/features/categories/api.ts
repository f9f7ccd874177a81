import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, query } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import type { CategoryInput, ReorderRequest, StarterResult } from '@/shared/api/schema.gen';
import type { Category } from '@/shared/api/types';

// One hook per operation: a screen sets up only the ones it uses, once (the
// list, not each row). A category write changes the lists, reports and the
// dashboard; a delete also moves movements.
function useCategoryWrite<V, R>(mutationFn: (v: V) => Promise<R>, movesMovements = false) {
  const qc = useQueryClient();
  const keysChanged = [keys.categories, keys.reports, keys.dashboard, ...(movesMovements ? [keys.movements] : [])];
  return useMutation({ mutationFn, onSuccess: () => Promise.all(keysChanged.map((queryKey) => qc.invalidateQueries({ queryKey }))) });
}

export const useCreateCategory = () => useCategoryWrite((c: CategoryInput) => api.post<Category>('/api/v1/categories', c));

export const useUpdateCategory = () => useCategoryWrite(({ id, ...c }: CategoryInput & { id: string }) => api.patch<Category>(`/api/v1/categories/${id}`, c));

export const useDeleteCategory = () =>
  useCategoryWrite(({ id, moveTo }: { id: string; moveTo?: string }) => api.del(`/api/v1/categories/${id}${query({ moveTo })}`), true);

export const useReorderCategories = () => useCategoryWrite((ids: string[]) => api.put('/api/v1/categories/order', { ids } satisfies ReorderRequest));

export const useStarterCategories = () => useCategoryWrite(() => api.post<StarterResult>('/api/v1/categories/starter'));
