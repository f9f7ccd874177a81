import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Account } from '@/shared/api/types';
import { dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { formatMoney } from '@/shared/money';
import { writeFilters, type MovementFilters } from '@/features/movements/filters';
import { useCheckpoints } from './api';

/** How many of the latest statement balances the screen shows. */
const SHOWN = 5;

/** The movements list of one account on one day (a disagreement's first day). */
export function dayLink(accountId: string, date: string): string {
  const f: MovementFilters = {
    from: date,
    to: date,
    type: [],
    accountId: [accountId],
    categoryId: [],
    tag: [],
    minAmount: '',
    maxAmount: '',
    q: '',
    order: 'desc',
    state: [],
  };
  return `/movements?${writeFilters(f).toString()}`;
}

/** The balances the account's imported bank files stated, each beside the app's balance on its date; a disagreement names the day it starts and links to that day's movements. */
export function Checkpoints({ account }: { account: Account }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const day = dayFormatter(locale);
  const { data = [] } = useCheckpoints(account.id);
  if (data.length === 0) return null;
  const money = (v: number) => formatMoney(v, account.currency, locale);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        {t('reconcile.checkpoints')}
      </Title>
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {data.slice(0, SHOWN).map((c) => (
          <li key={c.id} style={{ borderBottom: '1px solid var(--cc-border)', padding: '8px 0' }}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">{t('reconcile.bankSaid', { date: day(c.date), bank: money(c.balance), app: money(c.appBalance) })}</Text>
              <Badge variant="light" color={c.agrees ? 'teal' : 'red'}>
                {c.agrees ? t('reconcile.agreesBadge') : t('reconcile.differsBadge')}
              </Badge>
            </Group>
            {!c.agrees && (
              <Text size="sm" mt={4}>
                {c.divergesFrom ? (
                  <>
                    {t('reconcile.divergesFrom', { date: day(c.divergesFrom) })}{' '}
                    <Anchor component={Link} to={dayLink(account.id, c.divergesFrom)}>
                      {t('reconcile.seeDay', { date: day(c.divergesFrom) })}
                    </Anchor>
                  </>
                ) : (
                  t('reconcile.noMovementsBefore')
                )}
              </Text>
            )}
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
