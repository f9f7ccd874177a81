import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, query } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import type { Category, CategoryType } from '@/shared/api/types';

export interface CategoryInput {
  name?: string;
  type?: CategoryType;
  parentId?: string | null;
  color?: string;
  icon?: string;
  archived?: boolean;
}

export function useCategoryMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: keys.categories }),
      qc.invalidateQueries({ queryKey: keys.reports }),
      qc.invalidateQueries({ queryKey: keys.dashboard }),
    ]);
  return {
    create: useMutation({ mutationFn: (c: CategoryInput) => api.post<Category>('/api/v1/categories', c), onSuccess: done }),
    update: useMutation({ mutationFn: ({ id, ...c }: CategoryInput & { id: string }) => api.patch<Category>(`/api/v1/categories/${id}`, c), onSuccess: done }),
    remove: useMutation({
      mutationFn: ({ id, moveTo }: { id: string; moveTo?: string }) => api.del(`/api/v1/categories/${id}${query({ moveTo })}`),
      onSuccess: () => Promise.all([done(), qc.invalidateQueries({ queryKey: keys.movements })]),
    }),
    reorder: useMutation({ mutationFn: (ids: string[]) => api.put('/api/v1/categories/order', { ids }), onSuccess: done }),
    starter: useMutation({ mutationFn: () => api.post<{ created: number }>('/api/v1/categories/starter'), onSuccess: done }),
  };
}
