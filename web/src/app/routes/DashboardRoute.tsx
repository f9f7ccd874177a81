import { BudgetCard } from '@/features/budgets/BudgetCard';
import DashboardPage from '@/features/dashboard/DashboardPage';
import { ForecastCard } from '@/features/schedules/ForecastCard';

/** /dashboard, with this month's budget and the balances' forecast among its cards. */
export default function DashboardRoute() {
  return (
    <DashboardPage
      extra={
        <>
          <BudgetCard />
          <ForecastCard />
        </>
      }
    />
  );
}
