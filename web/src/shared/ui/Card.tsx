import { Group, Paper, Title } from '@mantine/core';

/** A titled card of a dashboard-like screen (a labelled region), with an optional action beside the title. */
export function Card({ title, children, action }: { title: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}
