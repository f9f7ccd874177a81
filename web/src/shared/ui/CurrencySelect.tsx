import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrencies } from '@/shared/api/queries';
import { localeOf } from '@/shared/i18n';
import { currencyName } from '@/shared/money';

/**
 * A base currency to choose, searchable, each as "EUR · Euro" in the user's
 * language: the currencies the server knows, and the value first when it is
 * not among them. A new ledger's dialog and a ledger import use it; any
 * other Select prop (label, description, error…) passes through.
 */
export function CurrencySelect({
  value,
  onChange,
  ...rest
}: { value: string; onChange: (code: string) => void } & Omit<SelectProps, 'value' | 'onChange' | 'data'>) {
  const { i18n } = useTranslation();
  const currencies = useCurrencies();
  const locale = localeOf(i18n.language);
  const codes = (currencies.data ?? []).map((c) => c.code);
  if (value && !codes.includes(value)) codes.unshift(value);
  return (
    <Select
      value={value || null}
      onChange={(v) => v && onChange(v)}
      data={codes.map((c) => ({ value: c, label: `${c} · ${currencyName(c, locale)}` }))}
      searchable
      allowDeselect={false}
      {...rest}
    />
  );
}
