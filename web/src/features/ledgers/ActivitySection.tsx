import { useMemo } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Activity, UserLedger } from '@/shared/api/types';
import { capitalise, dayFormatter, today } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { formatMoney } from '@/shared/money';
import { Card } from '@/shared/ui/Card';
import { Loaded } from '@/shared/ui/Loaded';
import { useActivity } from './api';

/** The dictionary keys of what can happen to an account or a category. */
const thingKeys = { created: 'Created', updated: 'Updated', deleted: 'Deleted' } as const;

/** Who did it: the member's name, the server's (a scheduled movement), or a former member's place. */
function actor(t: TFunction, a: Activity): string {
  if (a.userId === null) return t('activity.server');
  return a.userName || t('activity.formerMember');
}

/** The sentence of one entry ("Ana added “Mercadona”"), whatever the stored entry holds: an unknown kind still says who changed something. */
export function activitySentence(t: TFunction, a: Activity, locale: string): string {
  const d = a.details ?? {};
  const role = d.role ? t(`ledgers.roles.${d.role}`, { defaultValue: d.role }).toLocaleLowerCase(locale) : '';
  const vars = { who: actor(t, a), name: d.name ?? '', email: d.email ?? '', role, count: a.count };
  const bulk = a.subjectId === null || a.count !== 1;
  switch (a.subject) {
    case 'movement': {
      const named = { ...vars, name: d.name || t('activity.unnamed') };
      if (a.action === 'imported') return t('activity.movementsImported', vars);
      if (a.action === 'recategorized') return t('activity.movementsRecategorized', vars);
      if (a.action === 'created') return bulk ? t('activity.movementsCreated', vars) : t('activity.movementCreated', named);
      if (a.action === 'deleted') return bulk ? t('activity.movementsDeleted', vars) : t('activity.movementDeleted', named);
      if (a.action === 'updated') return t('activity.movementUpdated', named);
      if (a.action === 'reconciled_changed') return t('activity.movementReconciledChanged', named);
      break;
    }
    case 'account':
    case 'category':
      if (a.subject === 'account' && a.action === 'reconciled') return t('activity.accountReconciled', vars);
      if (a.action === 'created' || a.action === 'updated' || a.action === 'deleted') return t(`activity.${a.subject}${thingKeys[a.action]}`, vars);
      break;
    case 'ledger':
      if (a.action === 'renamed') return t('activity.ledgerRenamed', vars);
      break;
    case 'invitation':
      if (a.action === 'invited') return t('activity.invitationInvited', vars);
      if (a.action === 'revoked') return t('activity.invitationRevoked', vars);
      break;
    case 'member': {
      const member = { ...vars, name: d.name || d.email || t('activity.formerMember') };
      if (a.action === 'joined') return t('activity.memberJoined', member);
      if (a.action === 'left') return t('activity.memberLeft', member);
      if (a.action === 'removed') return t('activity.memberRemoved', member);
      if (a.action === 'role_changed') return t('activity.memberRoleChanged', member);
      if (a.action === 'transferred') return t('activity.memberTransferred', member);
      break;
    }
  }
  return t('activity.other', vars);
}

/** A ledger's activity: who added, changed and deleted what, and who joined or left, newest first, by day. */
export function ActivitySection({ ledger }: { ledger: UserLedger }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const activity = useActivity(ledger.id);
  const days = useMemo(() => {
    const out: { day: string; items: Activity[] }[] = [];
    for (const a of activity.data?.pages.flatMap((p) => p.items) ?? []) {
      const day = today(new Date(a.at)); // the user's local day
      if (out.at(-1)?.day !== day) out.push({ day, items: [] });
      out.at(-1)!.items.push(a);
    }
    return out;
  }, [activity.data]);
  const dayLabel = dayFormatter(locale, { dateStyle: 'full' });
  const movementDay = dayFormatter(locale, { dateStyle: 'medium' });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });

  return (
    <Card title={t('activity.title', { name: ledger.name })}>
      <Loaded query={activity} skeleton={96} empty={t('activity.empty')} isEmpty={() => days.length === 0}>
        {() => (
          <Stack gap="sm">
            {days.map(({ day, items }) => (
              <div key={day}>
                <Title order={3} size="sm" fw={600} mb={4}>
                  {capitalise(dayLabel(day), locale)}
                </Title>
                <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {items.map((a) => {
                    const d = a.details ?? {};
                    const money = a.subject === 'movement' && a.count === 1 && d.currency && typeof d.amount === 'number';
                    const signed = d.type === 'earning' ? d.amount! : d.type === 'expense' ? -d.amount! : d.amount!;
                    return (
                      <Group key={a.id} component="li" wrap="nowrap" gap="sm" py={6} align="flex-start" style={{ borderBottom: '1px solid var(--cc-border)' }}>
                        <Text size="sm" c="dimmed" w={48} style={{ flex: 'none' }} component="time" dateTime={new Date(a.at).toISOString()}>
                          {time.format(a.at)}
                        </Text>
                        <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                          {activitySentence(t, a, locale)}
                        </Text>
                        {money && (
                          <div style={{ flex: 'none', textAlign: 'right' }}>
                            <Text size="sm" fw={600} className={`cc-amount ${d.type === 'expense' ? 'cc-expense' : d.type === 'earning' ? 'cc-earning' : ''}`}>
                              {formatMoney(signed, d.currency!, locale, { signed: d.type !== 'transfer' })}
                            </Text>
                            {d.date && (
                              <Text size="xs" c="dimmed">
                                {movementDay(d.date)}
                              </Text>
                            )}
                          </div>
                        )}
                      </Group>
                    );
                  })}
                </Stack>
              </div>
            ))}
            {activity.hasNextPage && (
              <Group justify="center">
                <Button variant="default" loading={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
                  {t('activity.more')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Loaded>
    </Card>
  );
}
