import { useState } from 'react';
import { Group, Select, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrencyBook } from '@/shared/api/currencyBook';
import { dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { currencyList, formatMoney } from '@/shared/money';
import { Card } from '@/shared/ui/Card';
import { AreaChart } from '@/shared/ui/charts';
import { useForecast, type ForecastSeries } from './api';

const DAYS = 90;
const AVERAGE_MONTHS = 3;

/** The dashboard's forecast: the ledger's (or one account's) balance day by day for 90 days from the schedules (optionally with the usual spending of the last 3 months), its lowest point, and every account that goes below zero. */
export function ForecastCard() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [average, setAverage] = useState(false);
  const [shown, setShown] = useState('ledger');
  const { data: f } = useForecast(DAYS, average ? AVERAGE_MONTHS : 0);
  useCurrencyBook([...(f?.accounts ?? []).map((a) => a.currency), f?.ledger.currency]);
  if (!f) return null;
  const series: ForecastSeries = f.accounts.find((a) => a.accountId === shown) ?? f.ledger;
  const money = (v: number) => formatMoney(v, series.currency, locale);
  const day = dayFormatter(locale, { day: 'numeric', month: 'short' });
  const long = dayFormatter(locale, { day: 'numeric', month: 'long' });
  const below = f.accounts.filter((a) => a.lowest.balance < 0);
  const first = series.points[0];
  const last = series.points[series.points.length - 1];
  return (
    <Card title={t('forecast.title')}>
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" justify="space-between">
          <Select
            size="xs"
            aria-label={t('forecast.series')}
            value={shown}
            onChange={(v) => v && setShown(v)}
            allowDeselect={false}
            data={[{ value: 'ledger', label: t('forecast.ledger') }, ...f.accounts.map((a) => ({ value: a.accountId ?? '', label: a.name ?? '' }))]}
            w={180}
          />
          <Switch size="xs" label={t('forecast.withAverage')} checked={average} onChange={(e) => setAverage(e.currentTarget.checked)} />
        </Group>
        <div aria-hidden inert>
          <AreaChart
            h={180}
            data={series.points.map((p) => ({ label: day(p.date), balance: p.balance }))}
            dataKey="label"
            valueFormatter={money}
            withYAxis={false}
            curveType="stepAfter"
            withDots={false}
            series={[{ name: 'balance', label: t('forecast.days', { count: DAYS }), color: 'var(--mantine-color-brand-6)' }]}
          />
        </div>
        {first && last && (
          <VisuallyHidden component="p">
            {t('forecast.chartLabel', {
              from: long(first.date),
              to: long(last.date),
              start: money(first.balance),
              end: money(last.balance),
              lowest: money(series.lowest.balance),
              date: long(series.lowest.date),
            })}
          </VisuallyHidden>
        )}
        <Text size="sm" fw={600} className={series.lowest.balance < 0 ? 'cc-expense' : undefined}>
          {t('forecast.lowest', { amount: money(series.lowest.balance), date: long(series.lowest.date) })}
        </Text>
        {below.length > 0 ? (
          below.map((a) => (
            <Text key={a.accountId} size="sm" className="cc-expense">
              {t('forecast.fallsTo', { name: a.name, amount: formatMoney(a.lowest.balance, a.currency, locale), date: long(a.lowest.date) })}
            </Text>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            {t('forecast.noneBelow')}
          </Text>
        )}
        {f.incomplete.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('forecast.incomplete', { currencies: currencyList(f.incomplete, locale) })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
