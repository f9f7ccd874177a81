import { Anchor, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrencyBook } from '@/shared/api/currencyBook';
import { IncompleteWarning, TotalsToggle, useShowConverted } from '@/shared/ui/Converted';
import { useDashboard } from './api';
import { AccountBalances, Card, figures, MonthFigures, RecentMovements } from './parts';

/** Home's "this month at a glance": earned, spent, net, balances, last five movements. */
export function HomeGlance({ extra }: { extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const { data: d } = useDashboard();
  const converted = useShowConverted(d?.converted);
  useCurrencyBook([...(d?.accounts ?? []).map((a) => a.currency), d?.converted?.currency]);
  if (!d) return null;
  const c = converted ? d.converted : undefined;
  const f = figures(d, c);
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Card title={t('home.glance')} action={<TotalsToggle base={d.converted?.currency} currencies={d.accounts.map((a) => a.currency)} />}>
        <Stack gap="sm">
          {c && <IncompleteWarning base={c.currency} currencies={c.incomplete} />}
          <MonthFigures thisMonth={f.thisMonth} lastMonth={f.lastMonth} />
        </Stack>
      </Card>
      <Card title={t('home.accounts')}>
        <AccountBalances accounts={d.accounts} />
      </Card>
      <Card
        title={t('home.last')}
        action={
          <Anchor component={Link} to="/movements" size="sm">
            {t('home.seeAll')}
          </Anchor>
        }
      >
        <RecentMovements movements={d.recent} limit={5} base={d.converted?.currency} />
      </Card>
      {extra}
    </SimpleGrid>
  );
}
