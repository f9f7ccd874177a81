import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanWrite } from '@/shared/api/queries';
import { dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { formatMoney } from '@/shared/money';
import { Amount } from '@/shared/ui/Amount';
import { Card } from '@/shared/ui/Card';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useScheduleMutations, useUpcoming, type Upcoming } from './api';

// Filled, dark shades: readable at the badge's small size in both themes.
const statusColor = { due: 'blue.9', waiting: 'red.9', upcoming: 'gray.8' } as const;

/** Home: what schedules post today or wait for a confirmation, and the next 7 days. Hidden while nothing is scheduled at all. */
export function UpcomingCard() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const day = dayFormatter(locale, { weekday: 'short', day: 'numeric', month: 'short' });
  const { data } = useUpcoming(7);
  const { post } = useScheduleMutations();
  // A viewer of the ledger sees what waits for a confirmation, and confirms nothing.
  const canWrite = useCanWrite();
  if (!data) return null;
  const confirm = async (u: Upcoming) => {
    try {
      const m = await post.mutateAsync({ id: u.scheduleId, occurrence: u.date });
      notifyOk(t('schedules.posted', { name: u.description || t('schedules.untitled'), amount: formatMoney(m.amount, m.currency, locale) }));
    } catch (err) {
      notifyError(errorMessage(t, err));
    }
  };
  const items = data.items.slice(0, 8);
  return (
    <Card
      title={t('schedules.upcoming')}
      action={
        <Anchor component={Link} to="/movements/scheduled" size="sm">
          {t('schedules.open')}
        </Anchor>
      }
    >
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('schedules.upcomingEmpty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((u) => (
            <Group key={`${u.scheduleId}-${u.date}`} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {u.description || t('schedules.untitled')}
                </Text>
                <Group gap={6}>
                  <Text size="xs" c="dimmed">
                    {u.date === data.today ? t('schedules.today') : day(u.date)}
                  </Text>
                  {u.status !== 'upcoming' && (
                    <Badge size="xs" color={statusColor[u.status]} variant="filled">
                      {canWrite || u.status !== 'waiting' ? t(`schedules.statuses.${u.status}`) : t('schedules.statuses.waitingView')}
                    </Badge>
                  )}
                </Group>
              </Stack>
              <Group gap={6} wrap="nowrap">
                <Amount value={u.amount} currency={u.currency} kind={u.type === 'transfer' ? 'neutral' : u.type} size="sm" fw={600} />
                {canWrite &&
                  u.status === 'waiting' &&
                  (u.askAmount ? (
                    <Button size="compact-xs" variant="light" component={Link} to="/movements/scheduled">
                      {t('schedules.confirm')}
                    </Button>
                  ) : (
                    <Button size="compact-xs" variant="light" onClick={() => void confirm(u)} loading={post.isPending && post.variables?.occurrence === u.date}>
                      {t('schedules.confirm')}
                    </Button>
                  ))}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
