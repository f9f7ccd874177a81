import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const sections = [
  { path: '/config', key: 'config.general' },
  { path: '/config/currencies', key: 'config.currencies' },
] as const;

/** Configuration's sections, as links (the sidebar keeps the seed's one entry for all of them). */
export function ConfigNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = pathname === '/config/currencies' ? '/config/currencies' : '/config';
  return (
    <Group component="nav" aria-label={t('config.sections')} gap="xs">
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
