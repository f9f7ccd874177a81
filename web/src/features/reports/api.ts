import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import type { BudgetReportReply, CurrencyCategoriesReportReply } from '@/shared/api/schema.gen';

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

/** A report's query parameters (the accounts comma-separated). */
const reportQuery = (p: ReportParams) => ({ from: p.from, to: p.to, accountId: p.accountId.join(','), type: p.type });

/** A report's query; a tab that is not shown passes enabled = false and asks nothing. get: the report's own typed request. */
function useReport<R>(name: string, p: ReportParams, enabled: boolean, get: (query: ReturnType<typeof reportQuery>) => Promise<R>) {
  return useQuery({
    queryKey: [...keys.reports, name, p],
    queryFn: () => get(reportQuery(p)),
    placeholderData: (prev) => prev,
    enabled,
  });
}

export const useCategoryReport = (p: ReportParams, enabled = true) =>
  useReport('categories', p, enabled, (query) => api.GET('/api/v1/reports/categories', { params: { query } }));
export const useTrendReport = (p: ReportParams, enabled = true) =>
  useReport('trend', { ...p, type: undefined }, enabled, (query) => api.GET('/api/v1/reports/trend', { params: { query } }));
export const useNetWorthReport = (p: ReportParams, enabled = true) =>
  useReport('networth', { ...p, type: undefined }, enabled, (query) => api.GET('/api/v1/reports/networth', { params: { query } }));
export const useCompareReport = (p: ReportParams, enabled = true) =>
  useReport('compare', p, enabled, (query) => api.GET('/api/v1/reports/compare', { params: { query } }));

/** The budget report: a point per month, in the base currency. */
export type BudgetReportData = BudgetReportReply;

/** Budget against spending, the 12 months to this one (the period and accounts do not apply). */
export const useBudgetReport = (enabled = true) =>
  useQuery({ queryKey: [...keys.reports, 'budget-report'], queryFn: () => api.GET('/api/v1/reports/budget'), enabled });
