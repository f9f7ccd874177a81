import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localeOf } from '@/shared/i18n';
import { dayFormatter } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { errorMessage } from '@/shared/ui/problems';
import { useBankMatches, useUndoMatch, type BankAccount } from './api';

/** The bank transactions a sync matched with movements the ledger had ("matched with your movement of 3 Nov"), each with an Undo that adds it as a movement of its own. */
export function MatchesList({ connectionId, accounts, canWrite }: { connectionId: string; accounts: BankAccount[]; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const day = dayFormatter(locale);
  const matches = useBankMatches(connectionId);
  const undo = useUndoMatch();
  const items = matches.data ?? [];
  if (items.length === 0) return null;
  const currencyOf = (accountId: string) => accounts.find((a) => a.accountId === accountId)?.currency;
  const headingId = `bank-matches-${connectionId}`;

  const run = async (matchId: string) => {
    try {
      await undo.mutateAsync({ id: connectionId, matchId });
      notifyOk(t('banks.undone'));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {t('banks.matchesTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('banks.matchesHint')}
      </Text>
      <Stack component="ul" gap={6} aria-labelledby={headingId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((m) => {
          const cur = currencyOf(m.accountId);
          const bank = `${m.bankDescription || '—'}${cur ? ` ${formatMoney(m.amount, cur, locale, { signed: true })}` : ''}`;
          const text = m.movementDescription
            ? t('banks.matchedWithNamed', { bank, bankDate: day(m.bankDate), description: m.movementDescription, date: day(m.movementDate) })
            : t('banks.matchedWith', { bank, bankDate: day(m.bankDate), date: day(m.movementDate) });
          return (
            <Group component="li" key={m.id} justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {text}
              </Text>
              {canWrite && (
                <Button
                  size="xs"
                  variant="default"
                  style={{ flex: 'none' }}
                  onClick={() => void run(m.id)}
                  loading={undo.isPending && undo.variables?.matchId === m.id}
                  aria-label={t('banks.undoLabel', { bank: m.bankDescription || bank, date: day(m.bankDate) })}
                >
                  {t('banks.undo')}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
