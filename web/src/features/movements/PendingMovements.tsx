import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/shared/api/queries';
import type { Account } from '@/shared/api/types';
import { localeOf } from '@/shared/i18n';
import { formatMoney } from '@/shared/money';
import { usePendingMovements } from '@/shared/offline/pending';

/** The movements added offline that wait to be sent (they are sent when the browser is online again); nothing when there are none. */
export function PendingMovements({ accounts }: { accounts: Account[] }) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const pending = usePendingMovements(user.uid);
  if (pending.length === 0) return null;
  const locale = localeOf(i18n.language);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="pending-movements">
      <Title order={2} size="h5" mb="xs" id="pending-movements">
        {t('offline.pendingTitle', { count: pending.length })}
      </Title>
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {pending.map(({ key, body }) => {
          const currency = accounts.find((a) => a.id === body.accountId)?.currency ?? 'EUR';
          const amount = (body.type === 'expense' ? -1 : 1) * (body.amount ?? 0);
          return (
            <Group component="li" key={key} justify="space-between" wrap="wrap" gap={4}>
              <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 16rem' }}>
                <Badge
                  variant="light"
                  color="orange"
                  c="var(--mantine-color-text)"
                  leftSection={<IconClockUp size={14} aria-hidden />}
                  tt="none"
                  fw={500}
                  style={{ flexShrink: 0 }}
                >
                  {t('offline.pending')}
                </Badge>
                <Text size="sm" truncate>
                  {body.description || t(`movements.types.${body.type}`)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {new Date(`${body.date}T00:00:00`).toLocaleDateString(locale, { day: 'numeric', month: 'short' })} ·{' '}
                {formatMoney(amount, currency, locale, { signed: body.type !== 'transfer' })}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
