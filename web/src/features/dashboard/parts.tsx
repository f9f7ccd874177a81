import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCategories } from '@/shared/api/queries';
import { splitCategoryNames } from '@/shared/categories';
import type { Account, Movement } from '@/shared/api/types';
import { dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { formatMoney, formatPercent } from '@/shared/money';
import { Amount } from '@/shared/ui/Amount';
import { CategoryIcon } from '@/shared/ui/CategoryIcon';
import { ConvertedNote } from '@/shared/ui/Converted';
import type { CategoryTotals, ConvertedDashboard, Dashboard, MonthSummary, MonthTrend } from './api';

export { Card } from '@/shared/ui/Card';

/**
 * The figures a dashboard shows: in the base currency (from converted), or
 * one entry per original currency. The converted figures come whether or not
 * there is anything to show: "nothing yet" follows the per-currency lists.
 */
export function figures(d: Dashboard, c: ConvertedDashboard | null | undefined) {
  if (!c)
    return {
      balances: d.balances,
      thisMonth: d.thisMonth,
      lastMonth: d.lastMonth,
      topCategories: d.topCategories,
      trend: d.trend[0] as MonthTrend | undefined,
    };
  return {
    balances: [{ currency: c.currency, balance: c.balance }],
    thisMonth: d.thisMonth.length ? [c.thisMonth] : [],
    lastMonth: d.lastMonth.length ? [c.lastMonth] : [],
    topCategories: c.topCategories.categories.length ? [c.topCategories] : [],
    trend: d.trend.length ? c.trend : undefined,
  };
}

/** Earned, spent, net (and the savings rate) this month, per currency. */
export function MonthFigures({ thisMonth, lastMonth, compare }: { thisMonth: MonthSummary[]; lastMonth: MonthSummary[]; compare?: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  if (thisMonth.length === 0) return <Text c="dimmed">{t('dashboard.noData')}</Text>;
  return (
    <Stack gap="sm">
      {thisMonth.map((m) => {
        const last = lastMonth.find((l) => l.currency === m.currency);
        // "vs. last month: …" under a figure, when asked for and there is a last month.
        const vsLast = (value: (l: MonthSummary) => string) => (compare && last ? t('dashboard.vsLastMonth', { value: value(last) }) : undefined);
        return (
          <Stack key={m.currency} gap={6}>
            <Figure label={t('dashboard.earnings')} hint={vsLast((l) => formatMoney(l.earnings, m.currency, locale))}>
              <Amount value={m.earnings} currency={m.currency} kind="earning" fw={700} size="lg" />
            </Figure>
            <Figure label={t('dashboard.expenses')} hint={vsLast((l) => formatMoney(l.expenses, m.currency, locale))}>
              <Amount value={m.expenses} currency={m.currency} kind="expense" fw={700} size="lg" />
            </Figure>
            <Figure label={t('home.net')} hint={m.savingsRate !== null ? `${t('dashboard.savingsRate')}: ${formatPercent(m.savingsRate, locale)}` : undefined}>
              <Amount value={m.net} currency={m.currency} fw={700} size="lg" signed />
            </Figure>
            {compare && last?.savingsRate != null && (
              <Text size="xs" c="dimmed" ta="right">
                {t('dashboard.vsLastMonth', { value: formatPercent(last.savingsRate, locale) })}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

/** One labelled figure: the label (and a hint under it) left, the amount right; fits any width. */
function Figure({ label, hint, children }: { label: string; hint?: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      <div style={{ whiteSpace: 'nowrap' }}>{children}</div>
    </Group>
  );
}

export function AccountBalances({ accounts }: { accounts: Account[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {accounts
        .filter((a) => !a.archived)
        .map((a) => (
          <Group key={a.id} component="li" justify="space-between" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {a.name}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`accounts.types.${a.type}`)}
              </Text>
            </div>
            <Amount value={a.balance} currency={a.currency} fw={600} />
          </Group>
        ))}
    </Stack>
  );
}

/** The last movements; one in another currency than base shows its converted amount under it. */
export function RecentMovements({ movements, limit, base }: { movements: Movement[]; limit: number; base: string | undefined }) {
  const { t, i18n } = useTranslation();
  const day = dayFormatter(localeOf(i18n.language));
  const { data: categories = [] } = useCategories();
  const byId = new Map(categories.map((c) => [c.id, c]));
  if (movements.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('dashboard.noData')}
      </Text>
    );
  return (
    <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {movements.slice(0, limit).map((m) => {
        const c = m.categoryId ? byId.get(m.categoryId) : undefined;
        return (
          <Group key={m.id} component="li" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <CategoryIcon icon={c?.icon ?? ''} color={c?.color ?? 'gray'} size={28} />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {m.description || (m.splits?.length ? splitCategoryNames(m.splits, byId).join(' + ') : c?.name) || t('movements.types.transfer')}
                </Text>
                <Text size="xs" c="dimmed">
                  {day(m.date)}
                </Text>
              </div>
            </Group>
            <Stack gap={0} align="flex-end">
              <Amount
                value={m.type === 'earning' ? m.amount : -m.amount}
                currency={m.currency}
                kind={m.type === 'transfer' ? 'neutral' : m.type}
                signed={m.type !== 'transfer'}
                fw={600}
                size="sm"
              />
              <ConvertedNote m={m} base={base} />
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}

export function TopCategories({ d, items }: { d: Dashboard; items: CategoryTotals[] }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  if (items.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('dashboard.noData')}
      </Text>
    );
  return (
    <Stack gap="sm">
      {items.flatMap((cc) =>
        cc.categories.map((c) => (
          <div key={`${cc.currency}-${c.categoryId}`}>
            <Group justify="space-between" wrap="nowrap" mb={4}>
              <Group gap={8} wrap="nowrap">
                <CategoryIcon icon={c.icon} color={c.color} size={24} />
                <Text size="sm" component={Link} to={`/movements?categoryId=${c.categoryId}&from=${d.month}-01&to=${d.today}`} style={{ color: 'inherit' }}>
                  {c.name}
                </Text>
              </Group>
              <Text size="sm" className="cc-amount cc-expense" fw={600}>
                {formatMoney(c.total, cc.currency, locale)}
              </Text>
            </Group>
            <Progress value={c.share / 100} color={c.color || 'red'} size="sm" aria-label={`${c.name}: ${formatPercent(c.share, locale)}`} />
          </div>
        )),
      )}
    </Stack>
  );
}
