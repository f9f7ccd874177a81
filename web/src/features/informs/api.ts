import { useQuery } from '@tanstack/react-query';
import { api, query } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';

export interface CategoryAmount {
  categoryId: string;
  name: string;
  color: string;
  icon: string;
  total: number;
  count: number;
  share: number;
  children?: CategoryAmount[];
}
export interface CurrencyCategories {
  currency: string;
  total: number;
  count: number;
  categories: CategoryAmount[];
}
export interface MonthFlow {
  month: string;
  earnings: number;
  expenses: number;
  transfersIn: number;
  transfersOut: number;
  net: number;
  running: number;
}
export interface CurrencyMonths {
  currency: string;
  months: MonthFlow[];
}
export interface CurrencyWorth {
  currency: string;
  points: { month: string; balance: number }[];
}
export interface CategoryChange {
  categoryId: string;
  name: string;
  color: string;
  current: number;
  previous: number;
  change: number;
  changeBp: number | null;
}
export interface CurrencyComparison {
  currency: string;
  current: number;
  previous: number;
  change: number;
  changeBp: number | null;
  categories: CategoryChange[];
}
export interface Report<T> {
  from: string;
  to: string;
  /** One section per original currency. */
  items: T[];
  /** Every currency converted into the ledger's base currency (converted.currency). */
  converted?: T;
  /** Currencies whose movements lacked any rate: they are left out of converted. */
  incomplete?: string[];
  previousFrom?: string;
  previousTo?: string;
}

export interface ReportParams {
  from: string;
  to: string;
  accountId: string[];
  type?: 'expense' | 'earning';
}

/** A report's query; a tab that is not shown passes enabled = false and asks nothing. */
function useReport<T>(name: string, p: ReportParams, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.reports, name, p],
    queryFn: () => api.get<Report<T>>(`/api/v1/reports/${name}${query({ from: p.from, to: p.to, accountId: p.accountId, type: p.type })}`),
    placeholderData: (prev) => prev,
    enabled,
  });
}

export const useCategoryReport = (p: ReportParams, enabled = true) => useReport<CurrencyCategories>('categories', p, enabled);
export const useTrendReport = (p: ReportParams, enabled = true) => useReport<CurrencyMonths>('trend', { ...p, type: undefined }, enabled);
export const useNetWorthReport = (p: ReportParams, enabled = true) => useReport<CurrencyWorth>('networth', { ...p, type: undefined }, enabled);
export const useCompareReport = (p: ReportParams, enabled = true) => useReport<CurrencyComparison>('compare', p, enabled);

/** One month of the budget report, in the base currency. */
export interface BudgetPoint {
  month: string;
  budgeted: number;
  spent: number;
}
export interface BudgetReportData {
  from: string;
  to: string;
  currency: string;
  items: BudgetPoint[];
  incomplete: string[];
}

/** Budget against spending, the 12 months to this one (the period and accounts do not apply). */
export const useBudgetReport = (enabled = true) =>
  useQuery({ queryKey: [...keys.reports, 'budget-report'], queryFn: () => api.get<BudgetReportData>('/api/v1/reports/budget'), enabled });
