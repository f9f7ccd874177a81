import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import type { Account, Movement } from '@/shared/api/types';
import { today } from '@/shared/dates';

export interface MonthSummary {
  currency: string;
  earnings: number;
  expenses: number;
  net: number;
  savingsRate: number | null;
}

export interface CategoryTotals {
  currency: string;
  total: number;
  categories: { categoryId: string; name: string; color: string; icon: string; total: number; share: number }[];
}

export interface MonthTrend {
  currency: string;
  months: { month: string; earnings: number; expenses: number; net: number }[];
}

/** Every figure in the ledger's base currency; incomplete names the currencies that lacked a rate. */
export interface ConvertedDashboard {
  currency: string;
  balance: number;
  thisMonth: MonthSummary;
  lastMonth: MonthSummary;
  topCategories: CategoryTotals;
  trend: MonthTrend;
  incomplete?: string[];
}

export interface Dashboard {
  today: string;
  month: string;
  balances: { currency: string; balance: number }[];
  accounts: Account[];
  thisMonth: MonthSummary[];
  lastMonth: MonthSummary[];
  topCategories: CategoryTotals[];
  trend: MonthTrend[];
  recent: Movement[];
  converted?: ConvertedDashboard;
}

export function useDashboard() {
  return useQuery({ queryKey: [...keys.dashboard], queryFn: () => api.get<Dashboard>(`/api/v1/dashboard?today=${today()}`) });
}
