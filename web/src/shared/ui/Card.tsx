import { useId, type ReactNode } from 'react';
import { Group, Paper, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface CardProps {
  /** The section's heading (level 2), which names the region. */
  title: ReactNode;
  /** The heading's id, when something inside (a list, a table) is named by it too; else one of its own. */
  titleId?: string;
  /** An icon before the title. */
  icon?: Icon;
  /** Beside the title: a state (a badge, a count, a notice). */
  badge?: ReactNode;
  /** At the row's other end: what the section lets one do (a button, a link). */
  action?: ReactNode;
  /** A dimmed line under the title: what the section is for. */
  hint?: ReactNode;
  children?: ReactNode;
}

/**
 * A bordered section of a screen: a labelled region with its heading, an
 * optional icon, badge, action and hint, then its content. Every screen's
 * sections are one of these.
 */
export function Card({ title, titleId, icon: I, badge, action, hint, children }: CardProps) {
  const ownId = useId();
  const id = titleId ?? ownId;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" gap="xs" mb={hint ? 'xs' : 'sm'} wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {I && <I size={22} aria-hidden style={{ flex: 'none' }} />}
          <Title order={2} size="h3" id={id}>
            {title}
          </Title>
          {badge}
        </Group>
        {action}
      </Group>
      {hint && (
        <Text size="sm" c="dimmed" mb="sm">
          {hint}
        </Text>
      )}
      {children}
    </Paper>
  );
}
