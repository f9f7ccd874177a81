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

export interface Dashboard {
  today: string;
  month: string;
  balances: { currency: string; balance: number }[];
  accounts: Account[];
  thisMonth: MonthSummary[];
  lastMonth: MonthSummary[];
  topCategories: {
    currency: string;
    total: number;
    categories: { categoryId: string; name: string; color: string; icon: string; total: number; share: number }[];
  }[];
  trend: { currency: string; months: { month: string; earnings: number; expenses: number; net: number }[] }[];
  recent: Movement[];
}

export function useDashboard() {
  return useQuery({ queryKey: [...keys.dashboard], queryFn: () => api.get<Dashboard>(`/api/v1/dashboard?today=${today()}`) });
}
