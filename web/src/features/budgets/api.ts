import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import type { BudgetInput, BudgetLine, BudgetMonth, FillBudgetsRequest } from '@/shared/api/schema.gen';

/** A month's budgets, a line per category (amounts in the base currency's minor units). */
export type { BudgetLine, BudgetMonth };

/** A change for this month only, or for this month and the ones after it. */
export type BudgetScope = NonNullable<BudgetInput['scope']>;

/** Budgets are figures of the movements too: they live under the reports' key, so every movement write refreshes them. */
export const budgetKey = (month: string) => [...keys.reports, 'budgets', month] as const;

export function useBudgets(month: string) {
  return useQuery({ queryKey: budgetKey(month), queryFn: () => api.GET('/api/v1/budgets', { params: { query: { month } } }) });
}

/** The writes of the budget view; each answers the month, which replaces the cached one. */
export function useBudgetMutations(month: string) {
  const qc = useQueryClient();
  const done = (b: BudgetMonth) => {
    qc.setQueryData(budgetKey(month), b);
    // Other months (rollover, "from this month on") and the report change too.
    return qc.invalidateQueries({
      predicate: (q) =>
        q.queryKey[0] === keys.reports[0] && q.queryKey[1] !== undefined && String(q.queryKey[1]).startsWith('budget') && q.queryKey[2] !== month,
    });
  };
  const set = useMutation({
    mutationFn: (v: BudgetInput) => api.PUT('/api/v1/budgets', { params: { query: { month } }, body: v }),
    onSuccess: done,
  });
  const copy = useMutation({ mutationFn: () => api.POST('/api/v1/budgets/copy', { params: { query: { month } } }), onSuccess: done });
  const fill = useMutation({
    mutationFn: (v: FillBudgetsRequest) => api.POST('/api/v1/budgets/fill', { params: { query: { month } }, body: v }),
    onSuccess: done,
  });
  return { set, copy, fill };
}
