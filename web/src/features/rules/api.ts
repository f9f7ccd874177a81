import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, query } from '@/shared/api/client';
import { keys, useInvalidateLedger } from '@/shared/api/queries';
import type { Movement, MovementType } from '@/shared/api/types';

export type RuleField = 'description' | 'notes' | 'amount' | 'account' | 'type';
export type RuleOp = 'contains' | 'startsWith' | 'equals' | 'between';

/** One test of a movement: text for description and notes, amount (and amountTo) in minor units, an account, a type. */
export interface RuleCondition {
  field: RuleField;
  op: RuleOp;
  text?: string;
  amount?: number;
  amountTo?: number;
  accountId?: string;
  type?: MovementType;
}

export interface RuleActions {
  categoryId?: string;
  tags: string[];
  description: string | null;
  notes: string | null;
}

export interface Rule {
  id: string;
  name: string;
  position: number;
  enabled: boolean;
  match: 'all' | 'any';
  stop: boolean;
  conditions: RuleCondition[];
  actions: RuleActions;
}

export type RuleInput = Omit<Rule, 'id' | 'position'>;

/** A change a rule made: from and to are the field's values (a category's id, tags comma-separated). */
export interface RuleChange {
  ruleId: string;
  ruleName: string;
  field: 'categoryId' | 'tags' | 'description' | 'notes';
  from: string;
  to: string;
}

export interface RuleRun {
  runId?: string;
  count: number;
  sample: { id: string; date: string; type: MovementType; amount: number; description: string; changes: RuleChange[] }[];
}

export function useRules() {
  return useQuery({ queryKey: keys.rules, queryFn: async () => (await api.get<{ items: Rule[] }>('/api/v1/rules')).items });
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
    update: useMutation({ mutationFn: ({ id, ...r }: Partial<RuleInput> & { id: string }) => api.patch<Rule>(`/api/v1/rules/${id}`, r), onSuccess }),
    remove: useMutation({ mutationFn: (id: string) => api.del(`/api/v1/rules/${id}`), onSuccess }),
    reorder: useMutation({ mutationFn: (ids: string[]) => api.put('/api/v1/rules/order', { ids }), onSuccess }),
    apply: useMutation({
      mutationFn: (id: string) => api.post<RuleRun>(`/api/v1/rules/${id}/apply${query({ dryRun: 'false' })}`),
      onSuccess: changedMovements,
    }),
    undo: useMutation({
      mutationFn: (runId: string) => api.post<{ restored: number; kept: number }>(`/api/v1/rules/runs/${runId}/undo`),
      onSuccess: changedMovements,
    }),
  };
}
