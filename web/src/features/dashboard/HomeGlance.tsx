import { Anchor, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDashboard } from './api';
import { AccountBalances, Card, MonthFigures, RecentMovements } from './parts';

/** Home's "this month at a glance": earned, spent, net, balances, last five movements. */
export function HomeGlance() {
  const { t } = useTranslation();
  const { data: d } = useDashboard();
  if (!d) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Card title={t('home.glance')}>
        <MonthFigures d={d} />
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
        <RecentMovements movements={d.recent} limit={5} />
      </Card>
    </SimpleGrid>
  );
}
