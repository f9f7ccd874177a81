import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** A screen's sections as links (the sidebar keeps the seed's one entry for all of them); the first is the default. */
export function SectionNav({ label, sections }: { label: string; sections: readonly { path: string; key: string }[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = sections.find((s) => s.path === pathname)?.path ?? sections[0]!.path;
  return (
    <Group component="nav" aria-label={t(label)} gap="xs">
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
