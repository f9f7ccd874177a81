import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMayWrite } from '@/shared/api/queries';
import { useBankConnections } from './api';
import { codeMessage, connectionName } from './names';

/**
 * Home's notice of bank syncs that failed (a sync's failure is never silent):
 * one line per connection whose last sync failed, and a link to the bank
 * connections screen. One small request (the connections, which a viewer may
 * not read: none is made for one); nothing shows while every sync is fine.
 */
export function BankSyncNotice() {
  const { t } = useTranslation();
  const mayWrite = useMayWrite();
  const { data } = useBankConnections(mayWrite);
  const failed = (data ?? []).filter((c) => c.lastError);
  if (failed.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('banks.homeFailedTitle')} role="alert">
      <Stack gap={4}>
        {failed.map((c) => (
          <Text size="sm" key={c.id}>
            {t('banks.homeFailed', { name: connectionName(t, c), reason: codeMessage(t, c.lastError!.code) })}
          </Text>
        ))}
        <Group mt={4}>
          {/* A button-like link: the theme's link blue is below 4.5:1 on the alert's red tint. */}
          <Button component={Link} to="/config/banks" variant="default" size="xs">
            {t('banks.homeSee')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
