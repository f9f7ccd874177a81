import RulesPage from '@/features/rules/RulesPage';
import { CategoriesNav } from './CategoriesNav';

/** /categories/rules: the ledger's rules, beside the categories and the budget. */
export default function RulesRoute() {
  return <RulesPage nav={<CategoriesNav />} />;
}
