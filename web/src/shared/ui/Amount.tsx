import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../money';
import { localeOf } from '../i18n';

/** An amount in minor units: expenses red, earnings green (by kind or by sign). */
export function Amount({
  value,
  currency,
  kind,
  signed,
  ...rest
}: { value: number; currency: string; kind?: 'expense' | 'earning' | 'neutral'; signed?: boolean } & TextProps) {
  const { i18n } = useTranslation();
  const k = kind ?? (value < 0 ? 'expense' : value > 0 ? 'earning' : 'neutral');
  const shown = kind === 'expense' && signed ? -Math.abs(value) : value;
  return (
    <Text component="span" className={`cc-amount ${k === 'expense' ? 'cc-expense' : k === 'earning' ? 'cc-earning' : ''}`} {...rest}>
      {formatMoney(shown, currency, localeOf(i18n.language), { signed })}
    </Text>
  );
}
