import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, query } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import type { AccountInput, ReorderRequest } from '@/shared/api/schema.gen';
import type { Account } from '@/shared/api/types';

export function useAccountMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: keys.accounts }),
      qc.invalidateQueries({ queryKey: keys.dashboard }),
      qc.invalidateQueries({ queryKey: keys.reports }),
    ]);
  return {
    create: useMutation({ mutationFn: (a: AccountInput) => api.post<Account>('/api/v1/accounts', a), onSuccess: done }),
    update: useMutation({ mutationFn: ({ id, ...a }: AccountInput & { id: string }) => api.patch<Account>(`/api/v1/accounts/${id}`, a), onSuccess: done }),
    remove: useMutation({
      mutationFn: ({ id, confirm }: { id: string; confirm?: string }) =>
        api.del(`/api/v1/accounts/${id}${confirm !== undefined ? query({ withMovements: true, confirm }) : ''}`),
      onSuccess: () => Promise.all([done(), qc.invalidateQueries({ queryKey: keys.movements })]),
    }),
    reorder: useMutation({ mutationFn: (ids: string[]) => api.put('/api/v1/accounts/order', { ids } satisfies ReorderRequest), onSuccess: done }),
  };
}
