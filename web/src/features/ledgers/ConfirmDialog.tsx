import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LazyModal } from '@/shared/ui/LazyModal';

/** A question before something that is hard to undo: its title, what happens, Cancel and the action. */
export function ConfirmDialog({
  opened,
  title,
  text,
  action,
  color = 'red',
  busy,
  disabled,
  onCancel,
  onConfirm,
  children,
}: {
  opened: boolean;
  title: string;
  text: string;
  action: string;
  color?: string;
  busy?: boolean;
  disabled?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <LazyModal opened={opened} onClose={onCancel} title={title}>
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button color={color} loading={busy} disabled={disabled} onClick={onConfirm}>
            {action}
          </Button>
        </Group>
      </Stack>
    </LazyModal>
  );
}
