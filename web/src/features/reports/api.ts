import { useQuery } from '@tanstack/react-query';
import { api, query } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import type {
  BudgetReportReply,
  CompareReply,
  CurrencyCategoriesReportReply,
  CurrencyMonthsReportReply,
  CurrencyWorthReportReply,
} from '@/shared/api/schema.gen';

export type { CurrencyCategories, CurrencyComparison, CurrencyMonths, CurrencyWorth } from '@/shared/api/schema.gen';

/**
 * What every report's answer has: one section per original currency (items),
 * and every currency converted into the ledger's base currency (converted,
 * whose incomplete names the currencies left out for lack of a rate). The
 * answers themselves are generated (CurrencyCategoriesReportReply, …).
 */
export type Report<T> = Pick<CurrencyCategoriesReportReply, 'from' | 'to'> & { items: T[]; converted: T };

export interface ReportParams {
  from: string;
  to: string;
  accountId: string[];
  type?: 'expense' | 'earning';
}

/** A report's query; a tab that is not shown passes enabled = false and asks nothing. */
function useReport<R>(name: string, p: ReportParams, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.reports, name, p],
    queryFn: () => api.get<R>(`/api/v1/reports/${name}${query({ from: p.from, to: p.to, accountId: p.accountId, type: p.type })}`),
    placeholderData: (prev) => prev,
    enabled,
  });
}

export const useCategoryReport = (p: ReportParams, enabled = true) => useReport<CurrencyCategoriesReportReply>('categories', p, enabled);
export const useTrendReport = (p: ReportParams, enabled = true) => useReport<CurrencyMonthsReportReply>('trend', { ...p, type: undefined }, enabled);
export const useNetWorthReport = (p: ReportParams, enabled = true) => useReport<CurrencyWorthReportReply>('networth', { ...p, type: undefined }, enabled);
export const useCompareReport = (p: ReportParams, enabled = true) => useReport<CompareReply>('compare', p, enabled);

/** The budget report: a point per month, in the base currency. */
export type BudgetReportData = BudgetReportReply;

/** Budget against spending, the 12 months to this one (the period and accounts do not apply). */
export const useBudgetReport = (enabled = true) =>
  useQuery({ queryKey: [...keys.reports, 'budget-report'], queryFn: () => api.get<BudgetReportReply>('/api/v1/reports/budget'), enabled });
