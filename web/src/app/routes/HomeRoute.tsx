import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BankSyncNotice } from '@/features/banks/BankSyncNotice';
import { BudgetCard } from '@/features/budgets/BudgetCard';
import { HomeGlance } from '@/features/dashboard/HomeGlance';
import { UpcomingCard } from '@/features/schedules/UpcomingCard';
import { MovementForm } from '@/features/movements/MovementForm';
import { useMayWrite, useUser } from '@/shared/api/queries';
import { PageHeader } from '@/shared/ui/PageHeader';
import { ReadOnlyNotice } from '@/shared/ui/ReadOnlyNotice';
import { Card } from '@/shared/ui/Card';

/** Home: the quick add form (not for a viewer of the ledger; offline, what it adds waits to be sent) and this month at a glance, with what schedules post in the next 7 days and the budgets past 80 %; a notice when a bank's last sync failed. */
export default function HomeRoute() {
  const { t } = useTranslation();
  const user = useUser();
  // Offline too: a movement added then waits to be sent.
  const canAdd = useMayWrite();
  return (
    <Stack gap="md">
      <PageHeader title={user.name ? t('home.hello', { name: user.name }) : t('home.helloAnon')} note={<ReadOnlyNotice />} />
      <BankSyncNotice />
      {canAdd && (
        <Card title={t('home.quickAdd')}>
          <MovementForm compact />
        </Card>
      )}
      <HomeGlance
        extra={
          <>
            <UpcomingCard />
            <BudgetCard alertsOnly />
          </>
        }
      />
    </Stack>
  );
}
