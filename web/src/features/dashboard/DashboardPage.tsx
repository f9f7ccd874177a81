import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { BarChart } from '@/shared/ui/charts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { useCurrencyBook } from '@/shared/api/currencyBook';
import { formatMoney } from '@/shared/money';
import { Amount } from '@/shared/ui/Amount';
import { IncompleteWarning, TotalsToggle, useShowConverted } from '@/shared/ui/Converted';
import { PageHeader } from '@/shared/ui/PageHeader';
import { useDashboard } from './api';
import { AccountBalances, Card, figures, MonthFigures, RecentMovements, TopCategories } from './parts';

/** /dashboard: every figure from one reply. */
/** extra: more cards, after this month's figures (the app adds the budget's). */
export default function DashboardPage({ extra }: { extra?: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const { data: d } = useDashboard();
  const locale = localeOf(i18n.language);
  const converted = useShowConverted(d?.converted);
  useCurrencyBook([...(d?.accounts ?? []).map((a) => a.currency), d?.converted?.currency]);
  if (!d) return null;
  const c = converted ? d.converted : undefined;
  const f = figures(d, c);
  const trend = f.trend;
  const day = dayFormatter(locale, { month: 'short' });
  const month = (m: string) => day(`${m}-01`);
  return (
    <Stack gap="md">
      <PageHeader title={t('dashboard.title')}>
        <TotalsToggle base={d.converted?.currency} currencies={d.accounts.map((a) => a.currency)} />
      </PageHeader>
      {c && <IncompleteWarning base={c.currency} currencies={c.incomplete} />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Card title={t('dashboard.balances')}>
          <Stack gap={4}>
            {f.balances.map((b) => (
              <Amount key={b.currency} value={b.balance} currency={b.currency} fw={800} size="xl" />
            ))}
          </Stack>
        </Card>
        <Card title={t('dashboard.thisMonth')}>
          <MonthFigures thisMonth={f.thisMonth} lastMonth={f.lastMonth} compare />
        </Card>
        <Card title={t('dashboard.accounts')}>
          <AccountBalances accounts={d.accounts} />
        </Card>
        {extra}
        <Card title={t('dashboard.topCategories')}>
          <TopCategories d={d} items={f.topCategories} />
        </Card>
        <Card title={t('dashboard.trend')}>
          {trend ? (
            <>
              <div aria-hidden inert>
                <BarChart
                  h={220}
                  data={trend.months.map((m) => ({ label: month(m.month), earnings: m.earnings, expenses: m.expenses }))}
                  dataKey="label"
                  valueFormatter={(v) => formatMoney(v, trend.currency, locale)}
                  withYAxis={false}
                  series={[
                    { name: 'earnings', label: t('reports.earnings'), color: 'var(--cc-earnings)' },
                    { name: 'expenses', label: t('reports.expenses'), color: 'var(--cc-expenses)' },
                  ]}
                />
              </div>
              <Text size="xs" c="dimmed" component="p" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                {trend.months
                  .map((m) => `${month(m.month)}: ${formatMoney(m.earnings, trend.currency, locale)} / ${formatMoney(m.expenses, trend.currency, locale)}`)
                  .join('; ')}
              </Text>
            </>
          ) : (
            <Text c="dimmed" size="sm">
              {t('dashboard.noData')}
            </Text>
          )}
        </Card>
        <Card
          title={t('dashboard.recent')}
          action={
            <Anchor component={Link} to="/movements" size="sm">
              {t('dashboard.seeAll')}
            </Anchor>
          }
        >
          <RecentMovements movements={d.recent} limit={8} base={d.converted?.currency} />
        </Card>
      </SimpleGrid>
      <Group />
    </Stack>
  );
}
