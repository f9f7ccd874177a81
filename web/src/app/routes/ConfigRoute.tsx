import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AccountsSection } from '@/features/accounts/AccountsSection';
import { SettingsForm } from '@/features/settings/SettingsForm';
import { PageHeader } from '@/shared/ui/PageHeader';
import { useLogout } from '../useLogout';
import { ConfigNav } from './ConfigNav';

/** /config, and /signOut which renders it with the log-out action first (as the seed). */
export default function ConfigRoute({ signOut = false }: { signOut?: boolean }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Stack maw={760} gap="md">
      <PageHeader title={signOut ? t('LOG_OUT') : t('config.title')} />
      {!signOut && <ConfigNav />}
      {signOut && (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between">
            <div>
              <Title order={2} size="h3">
                {t('config.logOutTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('config.logOutHint')}
              </Text>
            </div>
            <Button color="red" leftSection={<IconLogout size={18} />} onClick={() => void logout()}>
              {t('LOG_OUT')}
            </Button>
          </Group>
        </Paper>
      )}
      <SettingsForm />
      <AccountsSection />
    </Stack>
  );
}
