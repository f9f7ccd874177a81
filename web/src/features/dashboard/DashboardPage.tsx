import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { BarChart } from '@/shared/ui/charts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { formatMoney } from '@/shared/money';
import { Amount } from '@/shared/ui/Amount';
import { PageHeader } from '@/shared/ui/PageHeader';
import { useDashboard } from './api';
import { AccountBalances, Card, MonthFigures, RecentMovements, TopCategories } from './parts';

/** /dashboard: every figure from one reply. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { data: d } = useDashboard();
  const locale = localeOf(i18n.language);
  if (!d) return null;
  const trend = d.trend[0];
  const day = dayFormatter(locale, { month: 'short' });
  const month = (m: string) => day(`${m}-01`);
  return (
    <Stack gap="md">
      <PageHeader title={t('dashboard.title')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Card title={t('dashboard.balances')}>
          <Stack gap={4}>
            {d.balances.map((b) => (
              <Amount key={b.currency} value={b.balance} currency={b.currency} fw={800} size="xl" />
            ))}
          </Stack>
        </Card>
        <Card title={t('dashboard.thisMonth')}>
          <MonthFigures d={d} compare />
        </Card>
        <Card title={t('dashboard.accounts')}>
          <AccountBalances accounts={d.accounts} />
        </Card>
        <Card title={t('dashboard.topCategories')}>
          <TopCategories d={d} />
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
                    { name: 'earnings', label: t('informs.earnings'), color: 'var(--cc-earnings)' },
                    { name: 'expenses', label: t('informs.expenses'), color: 'var(--cc-expenses)' },
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
          <RecentMovements movements={d.recent} limit={8} />
        </Card>
      </SimpleGrid>
      <Group />
    </Stack>
  );
}
