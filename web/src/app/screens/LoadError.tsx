import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconCloudOff } from '@tabler/icons-react';

/** A failure to load the user: a clear, retryable error, never an endless spinner. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" p="md">
      <Stack align="center" gap="sm" role="alert">
        <IconCloudOff size={48} aria-hidden />
        <Title order={1} size="h2">
          {t('app.name')}
        </Title>
        <Text ta="center" maw={420}>
          {t('app.loadUserFailed')}
        </Text>
        <Button onClick={onRetry}>{t('app.retry')}</Button>
      </Stack>
    </Center>
  );
}
