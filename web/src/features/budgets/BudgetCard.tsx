import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanWrite, useCategories } from '@/shared/api/queries';
import { today } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { formatMoney } from '@/shared/money';
import { Card } from '@/shared/ui/Card';
import { useBudgets, type BudgetLine } from './api';
import { usage } from './usage';

/**
 * This month's budget: the overall bar and the categories that passed 80 %
 * of theirs (100 %: over). The dashboard shows it always; Home (alertsOnly)
 * only when some category passed 80 %.
 */
export function BudgetCard({ alertsOnly = false }: { alertsOnly?: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { data: b } = useBudgets(today().slice(0, 7));
  const { data: categories = [] } = useCategories();
  const canWrite = useCanWrite();
  if (!b) return null;
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const alerts = b.items
    .filter((l) => l.amount !== null && usage(l).share >= 80)
    .sort((x, y) => usage(y).share - usage(x).share)
    .slice(0, 5);
  const any = b.overall !== null || b.items.some((l) => l.amount !== null);
  if (alertsOnly && alerts.length === 0) return null;
  const money = (v: number) => formatMoney(v, b.currency, locale);
  const bar = (name: string, l: BudgetLine) => {
    const u = usage(l);
    const percent = Math.round(Math.min(u.share, 999));
    return (
      <Stack key={l.categoryId} gap={2}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" truncate>
            {name}
          </Text>
          <Text size="sm" fw={600} className={u.share > 100 ? 'cc-expense' : undefined}>
            {Number.isFinite(u.share) ? `${percent}${u.share > 999 ? '+' : ''} %` : t('budget.overBadge')}
          </Text>
        </Group>
        <Progress.Root size="sm">
          <Progress.Section value={u.value} color={u.color} aria-label={t('budget.progress', { name, percent })} />
        </Progress.Root>
        <Text size="xs" c="dimmed">
          {t('budget.spentOf', { spent: money(l.spent), budget: money(l.amount ?? 0) })}
        </Text>
      </Stack>
    );
  };
  return (
    <Card
      title={alertsOnly ? t('budget.alerts') : t('budget.title')}
      action={
        <Anchor component={Link} to="/categories/budget" size="sm">
          {t('budget.open')}
        </Anchor>
      }
    >
      <Stack gap="sm">
        {!alertsOnly && b.overall && bar(t('budget.overall'), b.overall)}
        {!alertsOnly && !b.overall && any && (
          <Text size="sm" c="dimmed">
            {t('budget.summary', { budgeted: money(b.budgeted), spent: money(b.spent) })}
          </Text>
        )}
        {alerts.map((l) => bar(names.get(l.categoryId) ?? '', l))}
        {!alertsOnly && any && alerts.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('budget.onTrack')}
          </Text>
        )}
        {!any && (
          <Text size="sm" c="dimmed">
            {canWrite ? t('budget.noneYet') : t('budget.noneYetView')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
