import BudgetPage from '@/features/budgets/BudgetPage';
import { CategoriesNav } from './CategoriesNav';

/** /categories/budget: the month's budget per category, beside the categories. */
export default function BudgetRoute() {
  return <BudgetPage nav={<CategoriesNav />} />;
}
