import CategoriesPage from '@/features/categories/CategoriesPage';
import { CategoriesNav } from './CategoriesNav';

/** /categories: the categories, with the link to their budget. */
export default function CategoriesRoute() {
  return <CategoriesPage nav={<CategoriesNav />} />;
}
