import { SectionNav } from './SectionNav';

const sections = [
  { path: '/categories', key: 'categories.listTab' },
  { path: '/categories/budget', key: 'budget.title' },
] as const;

/** The categories and their budget. */
export function CategoriesNav() {
  return <SectionNav label="categories.sections" sections={sections} />;
}
