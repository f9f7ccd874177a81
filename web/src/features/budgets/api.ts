import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, query } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';

/** One category's budget in a month (amounts in the base currency's minor units). */
export interface BudgetLine {
  categoryId: string;
  parentId: string | null;
  amount: number | null;
  fromChildren: boolean;
  rollover: boolean;
  carried: number;
  spent: number;
  remaining: number | null;
}

export interface BudgetMonth {
  month: string;
  currency: string;
  overall: BudgetLine | null;
  items: BudgetLine[];
  budgeted: number;
  spent: number;
  incomplete: string[];
}

export type BudgetScope = 'onward' | 'month';

export interface BudgetChange {
  categoryId: string;
  amount: number | null;
  rollover?: boolean;
}

/** Budgets are figures of the movements too: they live under the reports' key, so every movement write refreshes them. */
export const budgetKey = (month: string) => [...keys.reports, 'budgets', month] as const;

export function useBudgets(month: string) {
  return useQuery({ queryKey: budgetKey(month), queryFn: () => api.get<BudgetMonth>(`/api/v1/budgets${query({ month })}`) });
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
    mutationFn: (v: { scope: BudgetScope; items: BudgetChange[] }) => api.put<BudgetMonth>(`/api/v1/budgets${query({ month })}`, v),
    onSuccess: done,
  });
  const copy = useMutation({ mutationFn: () => api.post<BudgetMonth>(`/api/v1/budgets/copy${query({ month })}`), onSuccess: done });
  const fill = useMutation({
    mutationFn: (v: { months: 3 | 6 | 12; scope: BudgetScope }) => api.post<BudgetMonth>(`/api/v1/budgets/fill${query({ month })}`, v),
    onSuccess: done,
  });
  return { set, copy, fill };
}
