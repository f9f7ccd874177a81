import { SectionNav } from './SectionNav';

const sections = [
  { path: '/categories', key: 'categories.listTab' },
  { path: '/categories/budget', key: 'budget.title' },
  { path: '/categories/rules', key: 'rules.title' },
] as const;

/** The categories, their budget and the rules that fill them in. */
export function CategoriesNav() {
  return <SectionNav label="categories.sections" sections={sections} />;
}
