import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type RequestBody } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import type { AccountInput } from '@/shared/api/schema.gen';

export function useAccountMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: keys.accounts }),
      qc.invalidateQueries({ queryKey: keys.dashboard }),
      qc.invalidateQueries({ queryKey: keys.reports }),
    ]);
  return {
    create: useMutation({ mutationFn: (a: RequestBody<'/api/v1/accounts', 'post'>) => api.POST('/api/v1/accounts', { body: a }), onSuccess: done }),
    update: useMutation({
      mutationFn: ({ id, ...a }: AccountInput & { id: string }) => api.PATCH('/api/v1/accounts/{id}', { params: { path: { id } }, body: a }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: ({ id, confirm }: { id: string; confirm?: string }) =>
        api.DELETE('/api/v1/accounts/{id}', { params: { path: { id }, query: confirm !== undefined ? { withMovements: 'true', confirm } : {} } }),
      onSuccess: () => Promise.all([done(), qc.invalidateQueries({ queryKey: keys.movements })]),
    }),
    reorder: useMutation({ mutationFn: (ids: string[]) => api.PUT('/api/v1/accounts/order', { body: { ids } }), onSuccess: done }),
  };
}
