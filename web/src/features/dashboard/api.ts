import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import type { CurrencyCategories, CurrencyMonths, Dashboard, DashboardConverted } from '@/shared/api/schema.gen';
import { today } from '@/shared/dates';

export type { Dashboard };
export type { MonthSummary } from '@/shared/api/schema.gen';

/** A currency's top categories. */
export type CategoryTotals = CurrencyCategories;

/** A currency's months. */
export type MonthTrend = CurrencyMonths;

/** Every figure in the ledger's base currency; incomplete names the currencies that lacked a rate. */
export type ConvertedDashboard = DashboardConverted;

export function useDashboard() {
  return useQuery({ queryKey: [...keys.dashboard], queryFn: () => api.GET('/api/v1/dashboard', { params: { query: { today: today() } } }) });
}
