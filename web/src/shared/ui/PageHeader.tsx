import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's title, what it says about itself beside it (note), and its actions. */
export function PageHeader({ title, note, children }: { title: string; note?: ReactNode; children?: ReactNode }) {
  return (
    <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
      <Group gap="sm" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        {note}
      </Group>
      {children && <Group gap="xs">{children}</Group>}
    </Group>
  );
}
