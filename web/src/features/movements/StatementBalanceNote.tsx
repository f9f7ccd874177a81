import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImportPreview } from './importApi';
import { localeOf } from '@/shared/i18n';
import { formatMoney } from '@/shared/money';

type Balance = NonNullable<ImportPreview['statementBalance']>;

/**
 * The balance a bank file states, beside the account's on that day once the
 * file is imported: said in a line when they agree, in a warning when they
 * do not (the account or the file misses movements).
 */
export default function StatementBalanceNote({ balance, currency }: { balance: Balance; currency: string }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const money = (v: number) => formatMoney(v, currency, locale);
  const stated = t('import.statementBalance', {
    date: new Date(`${balance.date}T00:00:00`).toLocaleDateString(locale),
    amount: money(balance.amount),
  });
  if (balance.agrees) {
    return (
      <Text size="sm">
        {stated} {t('import.statementAgrees')}
      </Text>
    );
  }
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('import.statementDiffersTitle')}>
      <Text size="sm">
        {stated}{' '}
        {t('import.statementDiffers', { account: money(balance.accountBalance), difference: money(Math.abs(balance.amount - balance.accountBalance)) })}
      </Text>
    </Alert>
  );
}
