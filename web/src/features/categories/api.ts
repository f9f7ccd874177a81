import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type RequestBody } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import type { CategoryInput } from '@/shared/api/schema.gen';

// One hook per operation: a screen sets up only the ones it uses, once (the
// list, not each row). A category write changes the lists, reports and the
// dashboard; a delete also moves movements.
function useCategoryWrite<V, R>(mutationFn: (v: V) => Promise<R>, movesMovements = false) {
  const qc = useQueryClient();
  const keysChanged = [keys.categories, keys.reports, keys.dashboard, ...(movesMovements ? [keys.movements] : [])];
  return useMutation({ mutationFn, onSuccess: () => Promise.all(keysChanged.map((queryKey) => qc.invalidateQueries({ queryKey }))) });
}

export const useCreateCategory = () => useCategoryWrite((c: RequestBody<'/api/v1/categories', 'post'>) => api.POST('/api/v1/categories', { body: c }));

export const useUpdateCategory = () =>
  useCategoryWrite(({ id, ...c }: CategoryInput & { id: string }) => api.PATCH('/api/v1/categories/{id}', { params: { path: { id } }, body: c }));

export const useDeleteCategory = () =>
  useCategoryWrite(
    ({ id, moveTo }: { id: string; moveTo?: string }) => api.DELETE('/api/v1/categories/{id}', { params: { path: { id }, query: { moveTo } } }),
    true,
  );

export const useReorderCategories = () => useCategoryWrite((ids: string[]) => api.PUT('/api/v1/categories/order', { body: { ids } }));

export const useStarterCategories = () => useCategoryWrite(() => api.POST('/api/v1/categories/starter'));
