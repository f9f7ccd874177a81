import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const sections = [
  { path: '/categories', key: 'categories.listTab' },
  { path: '/categories/budget', key: 'budget.title' },
] as const;

/** The categories and their budget, as links (the sidebar keeps the seed's one entry for both). */
export function CategoriesNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = pathname === '/categories/budget' ? '/categories/budget' : '/categories';
  return (
    <Group component="nav" aria-label={t('categories.sections')} gap="xs">
      {sections.map((s) => (
        <Button
          key={s.path}
          component={Link}
          to={s.path}
          variant={s.path === current ? 'light' : 'subtle'}
          aria-current={s.path === current ? 'page' : undefined}
          size="sm"
        >
          {t(s.key)}
        </Button>
      ))}
    </Group>
  );
}
