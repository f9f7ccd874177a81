import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Account } from '@/shared/api/schema.gen';
import { localeOf } from '@/shared/i18n';
import { dayFormatter } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { errorMessage } from '@/shared/ui/problems';
import { useCreateAndLink, useLinkBankAccount, type BankAccount } from './api';

const none = '';

/**
 * One of the bank's accounts: its name, currency and booked balance; the
 * Cash Control account of the same currency it is linked to (or none: not
 * synced), or a new one made from it; beside a linked account's balance, the
 * difference from the bank's when they differ.
 */
export function BankAccountRow({
  connectionId,
  account: b,
  accounts,
  canWrite,
}: {
  connectionId: string;
  account: BankAccount;
  accounts: Account[];
  canWrite: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const link = useLinkBankAccount();
  const create = useCreateAndLink();
  const same = accounts.filter((a) => a.currency === b.currency && (!a.archived || a.id === b.accountId));
  const day = dayFormatter(locale);
  const linked = b.accountId !== null;
  const diff = linked && b.appBalance !== null ? b.balance - b.appBalance : 0;

  const choose = async (accountId: string | null) => {
    try {
      await link.mutateAsync({ id: connectionId, bankAccountId: b.id, accountId: accountId || null });
      notifyOk(t(accountId ? 'banks.linked' : 'banks.unlinked'));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  const make = async () => {
    try {
      await create.mutateAsync({
        id: connectionId,
        bankAccountId: b.id,
        account: { name: b.name, type: 'bank', currency: b.currency },
      });
      notifyOk(t('banks.accountCreated', { name: b.name }));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };

  return (
    <li>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs" align="baseline">
          <Text fw={500} size="sm">
            {b.name}{' '}
            <Text span c="dimmed" size="sm">
              · {b.currency}
            </Text>
          </Text>
          <Text size="sm">
            {b.balanceDate
              ? t('banks.bankBalanceOn', { amount: formatMoney(b.balance, b.currency, locale), date: day(b.balanceDate) })
              : `${t('banks.bankBalance')}: ${formatMoney(b.balance, b.currency, locale)}`}
          </Text>
        </Group>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Select
            label={t('banks.linkedTo')}
            aria-label={t('banks.linkTo', { name: b.name })}
            data={[{ value: none, label: t('banks.notLinked') }, ...same.map((a) => ({ value: a.id, label: a.name }))]}
            value={b.accountId ?? none}
            onChange={(v) => void choose(v)}
            allowDeselect={false}
            disabled={!canWrite || link.isPending || create.isPending}
            style={{ flex: '1 1 240px', maxWidth: 360 }}
            comboboxProps={{ withinPortal: true }}
          />
          {!linked && (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => void make()}
              loading={create.isPending}
              disabled={!canWrite || link.isPending}
              aria-label={t('banks.createAccountFor', { name: b.name, currency: b.currency })}
            >
              {t('banks.createAccount')}
            </Button>
          )}
        </Group>
        {!linked && same.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('banks.noSameCurrency', { currency: b.currency })}
          </Text>
        )}
        {linked && b.appBalance !== null && (
          <Group gap="md" wrap="wrap" style={{ rowGap: 0 }}>
            <Text size="sm">{t('banks.appBalance', { amount: formatMoney(b.appBalance, b.currency, locale) })}</Text>
            {diff === 0 ? (
              <Text size="sm" c="dimmed">
                {t('banks.balancesAgree')}
              </Text>
            ) : (
              <>
                <Text size="sm" fw={600}>
                  {t('banks.difference', { amount: formatMoney(diff, b.currency, locale, { signed: true }) })}
                </Text>
                {/* The account's checkpoints (the bank's balances among them) say from which movement they differ. */}
                <Anchor component={Link} to={`/config/accounts/${b.accountId}/reconcile`} size="sm">
                  {t('banks.whereDiverge')}
                </Anchor>
              </>
            )}
          </Group>
        )}
      </Stack>
    </li>
  );
}
