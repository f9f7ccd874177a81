import { BudgetCard } from '@/features/budgets/BudgetCard';
import DashboardPage from '@/features/dashboard/DashboardPage';

/** /dashboard, with this month's budget among its cards. */
export default function DashboardRoute() {
  return <DashboardPage extra={<BudgetCard />} />;
}
