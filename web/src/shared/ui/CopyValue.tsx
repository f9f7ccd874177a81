import { ActionIcon, Button, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * Copies value to the clipboard and says so for two seconds: a labelled
 * button, or with icon an icon button whose label is its tooltip and name.
 */
export function CopyValue({ value, label, copied, icon = false }: { value: string; label: string; copied: string; icon?: boolean }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied: done, copy }) =>
        icon ? (
          <Tooltip label={done ? copied : label} withArrow>
            <ActionIcon variant="subtle" color={done ? 'green' : 'gray'} size="lg" onClick={copy} aria-label={done ? copied : label}>
              {done ? <IconCheck size={18} /> : <IconCopy size={18} />}
            </ActionIcon>
          </Tooltip>
        ) : (
          <Button
            variant={done ? 'filled' : 'default'}
            color={done ? 'green' : undefined}
            leftSection={done ? <IconCheck size={16} /> : <IconCopy size={16} />}
            onClick={copy}
          >
            {done ? copied : label}
          </Button>
        )
      }
    </CopyButton>
  );
}
