import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/shared/api/queries';
import { ADMIN_ROL } from '@/shared/api/types';
import { AccountStrings } from '@/shared/ui/AccountStrings';
import { PageHeader } from '@/shared/ui/PageHeader';
import { BackupsCard } from './BackupsCard';
import { SecurityEventsCard } from './SecurityEventsCard';
import { SignupsCard } from './SignupsCard';
import { UsersCard } from './UsersCard';

/** Said instead of the cards to a user who is not an administrator (the server would refuse every request anyway). */
function OnlyAdmins() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" role="alert">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconLock size={24} aria-hidden style={{ flexShrink: 0 }} />
        <div>
          <Text fw={600}>{t('admin.onlyAdmins')}</Text>
          <Text size="sm" c="dimmed">
            {t('admin.onlyAdminsHint')}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

/** /config/admin: sign-ups on or off, the users and their access, the backups, and everyone's security activity. Administrators only. */
export default function AdminPage({ nav }: { nav?: React.ReactNode }) {
  const { t } = useTranslation();
  const user = useUser();
  const admin = user.rol === ADMIN_ROL;
  return (
    // Wider than Configuration's other sections: the users' table has seven columns.
    <Stack maw={admin ? 1080 : 760} gap="md">
      <PageHeader title={t('config.title')} />
      {nav}
      <AccountStrings>
        {admin ? (
          <>
            <SignupsCard />
            <UsersCard />
            <BackupsCard />
            <SecurityEventsCard />
          </>
        ) : (
          <OnlyAdmins />
        )}
      </AccountStrings>
    </Stack>
  );
}
