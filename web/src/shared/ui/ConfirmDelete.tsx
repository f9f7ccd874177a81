import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LazyModal } from './LazyModal';

/** Asks before deleting: the question, Cancel and a red Delete. */
export function ConfirmDelete({
  opened,
  question,
  busy,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  question: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <LazyModal opened={opened} onClose={onCancel} title={t('common.delete')}>
      <Stack gap="sm">
        <Text size="sm">{question}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            {t('common.delete')}
          </Button>
        </Group>
      </Stack>
    </LazyModal>
  );
}
