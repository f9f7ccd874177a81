import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, query } from '@/shared/api/client';
import { keys, useInvalidateLedger } from '@/shared/api/queries';
import type { MovementRule, MovementRuleList, ReorderRequest, RuleInput, RuleRun, RuleUndo } from '@/shared/api/schema.gen';
import type { Movement } from '@/shared/api/types';

export type { RuleChange, RuleCondition } from '@/shared/api/schema.gen';
export type { RuleInput };

/** A rule of the ledger: conditions on a movement, and what it then changes. */
export type Rule = MovementRule;

export type RuleField = Rule['conditions'][number]['field'];
export type RuleOp = Rule['conditions'][number]['op'];

/** What the rule form starts from: a rule, or one a movement suggests. */
export type RuleDraft = Omit<Rule, 'id' | 'position'>;

export function useRules() {
  return useQuery({ queryKey: keys.rules, queryFn: async () => (await api.get<MovementRuleList>('/api/v1/rules')).items });
}

export function useMovement(id: string | null) {
  return useQuery({ queryKey: [...keys.movements, 'one', id], queryFn: () => api.get<Movement>(`/api/v1/movements/${id}`), enabled: !!id });
}

/** What applying a rule to the existing movements would change (a dry run, asked for afresh each time the dialog opens). */
export function useRulePreview(id: string) {
  return useQuery({
    queryKey: [...keys.rules, 'preview', id],
    queryFn: () => api.post<RuleRun>(`/api/v1/rules/${id}/apply${query({ dryRun: 'true' })}`),
    gcTime: 0,
    staleTime: 0,
  });
}

/** The writes of rules; applying one (and its undo) changes movements, so the ledger's figures refresh too. */
export function useRuleMutations() {
  const qc = useQueryClient();
  const invalidateLedger = useInvalidateLedger();
  const onSuccess = () => qc.invalidateQueries({ queryKey: keys.rules });
  const changedMovements = () => Promise.all([onSuccess(), invalidateLedger()]);
  return {
    create: useMutation({ mutationFn: (r: RuleInput) => api.post<Rule>('/api/v1/rules', r), onSuccess }),
    update: useMutation({ mutationFn: ({ id, ...r }: RuleInput & { id: string }) => api.patch<Rule>(`/api/v1/rules/${id}`, r), onSuccess }),
    remove: useMutation({ mutationFn: (id: string) => api.del(`/api/v1/rules/${id}`), onSuccess }),
    reorder: useMutation({ mutationFn: (ids: string[]) => api.put('/api/v1/rules/order', { ids } satisfies ReorderRequest), onSuccess }),
    apply: useMutation({
      mutationFn: (id: string) => api.post<RuleRun>(`/api/v1/rules/${id}/apply${query({ dryRun: 'false' })}`),
      onSuccess: changedMovements,
    }),
    undo: useMutation({
      mutationFn: (runId: string) => api.post<RuleUndo>(`/api/v1/rules/runs/${runId}/undo`),
      onSuccess: changedMovements,
    }),
  };
}
