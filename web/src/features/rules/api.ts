import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestBody } from '@/shared/api/client';
import { keys, useInvalidateLedger } from '@/shared/api/queries';
import type { MovementRule, RuleInput } from '@/shared/api/schema.gen';

export type { RuleChange, RuleCondition } from '@/shared/api/schema.gen';
export type { RuleInput };

/** A new rule: its name, conditions and actions at least. */
export type NewRule = RequestBody<'/api/v1/rules', 'post'>;

/** A rule of the ledger: conditions on a movement, and what it then changes. */
export type Rule = MovementRule;

export type RuleField = Rule['conditions'][number]['field'];
export type RuleOp = Rule['conditions'][number]['op'];

/** What the rule form starts from: a rule, or one a movement suggests. */
export type RuleDraft = Omit<Rule, 'id' | 'position'>;

export function useRules() {
  return useQuery({ queryKey: keys.rules, queryFn: async () => (await api.GET('/api/v1/rules')).items });
}

export function useMovement(id: string | null) {
  return useQuery({
    queryKey: [...keys.movements, 'one', id],
    queryFn: () => api.GET('/api/v1/movements/{id}', { params: { path: { id: id ?? '' } } }),
    enabled: !!id,
  });
}

/** What applying a rule to the existing movements would change (a dry run, asked for afresh each time the dialog opens). */
export function useRulePreview(id: string) {
  return useQuery({
    queryKey: [...keys.rules, 'preview', id],
    queryFn: () => api.POST('/api/v1/rules/{id}/apply', { params: { path: { id }, query: { dryRun: 'true' } } }),
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
    create: useMutation({ mutationFn: (r: NewRule) => api.POST('/api/v1/rules', { body: r }), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, ...r }: RuleInput & { id: string }) => api.PATCH('/api/v1/rules/{id}', { params: { path: { id } }, body: r }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.DELETE('/api/v1/rules/{id}', { params: { path: { id } } }), onSuccess }),
    reorder: useMutation({ mutationFn: (ids: string[]) => api.PUT('/api/v1/rules/order', { body: { ids } }), onSuccess }),
    apply: useMutation({
      mutationFn: (id: string) => api.POST('/api/v1/rules/{id}/apply', { params: { path: { id }, query: { dryRun: 'false' } } }),
      onSuccess: changedMovements,
    }),
    undo: useMutation({
      mutationFn: (runId: string) => api.POST('/api/v1/rules/runs/{id}/undo', { params: { path: { id: runId } } }),
      onSuccess: changedMovements,
    }),
  };
}
