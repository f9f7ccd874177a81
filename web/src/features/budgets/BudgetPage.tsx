import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Menu, Paper, Progress, SegmentedControl, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconCategory, IconChevronLeft, IconChevronRight, IconCopy, IconWand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCanWrite, useCategories } from '@/shared/api/queries';
import type { Category } from '@/shared/api/types';
import { categoryTree } from '@/shared/categories';
import { today } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { amountInput, currencyList, exponentOf, formatMoney, parseAmount } from '@/shared/money';
import { CategoryIcon } from '@/shared/ui/CategoryIcon';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PageHeader } from '@/shared/ui/PageHeader';
import { ReadOnlyNotice } from '@/shared/ui/ReadOnlyNotice';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useBudgetMutations, useBudgets, type BudgetLine, type BudgetScope } from './api';
import { usage } from './usage';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** /categories/budget: a month's budget per expense category, editable in place (read only for a viewer of the ledger). */
export default function BudgetPage({ nav }: { nav?: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  // A viewer of the ledger sees every figure and sets, copies or fills nothing.
  const canWrite = useCanWrite();
  const locale = localeOf(i18n.language);
  const [params, setParams] = useSearchParams();
  const current = today().slice(0, 7);
  const asked = params.get('month');
  const month = asked && MONTH.test(asked) ? asked : current;
  const [scope, setScope] = useState<BudgetScope>('onward');
  const budgets = useBudgets(month);
  const { data: categories = [] } = useCategories();
  const { set, copy, fill } = useBudgetMutations(month);
  const b = budgets.data;
  const currency = b?.currency ?? 'EUR';
  const money = (v: number) => formatMoney(v, currency, locale);
  // "noviembre de 2026" → "Noviembre de 2026": the first letter only (CSS's capitalize made "Noviembre De 2026").
  const monthLong = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
  const monthName = monthLong.charAt(0).toLocaleUpperCase(locale) + monthLong.slice(1);
  const go = (m: string) => setParams(m === current ? {} : { month: m });
  const lines = new Map((b?.items ?? []).map((l) => [l.categoryId, l]));
  const tree = categoryTree(categories, 'expense');

  const save = async (categoryId: string, amount: number | null, rollover?: boolean) => {
    try {
      await set.mutateAsync({ scope, items: [{ categoryId, amount, rollover }] });
      notifyOk(t('common.saved'));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  const run = async (p: Promise<unknown>, ok: string) => {
    try {
      await p;
      notifyOk(ok);
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <PageHeader title={t('categories.title')} note={<ReadOnlyNotice />} />
      {nav}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label={t('budget.previousMonth')} onClick={() => go(addMonths(month, -1))}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Title order={2} size="h3" miw={170} ta="center" aria-live="polite">
            {monthName}
          </Title>
          <ActionIcon variant="default" size="lg" aria-label={t('budget.nextMonth')} onClick={() => go(addMonths(month, 1))}>
            <IconChevronRight size={18} />
          </ActionIcon>
          {month !== current && (
            <Button variant="subtle" size="sm" onClick={() => go(current)}>
              {t('budget.thisMonth')}
            </Button>
          )}
        </Group>
        {canWrite && (
          <Group gap="xs">
            <Button
              variant="default"
              size="sm"
              leftSection={<IconCopy size={16} />}
              loading={copy.isPending}
              onClick={() => void run(copy.mutateAsync(), t('budget.copied'))}
            >
              {t('budget.copy')}
            </Button>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" size="sm" leftSection={<IconWand size={16} />} loading={fill.isPending}>
                  {t('budget.fill')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {([3, 6, 12] as const).map((n) => (
                  <Menu.Item key={n} onClick={() => void run(fill.mutateAsync({ months: n, scope }), t('budget.filled', { count: n }))}>
                    {t('budget.fillMonths', { count: n })}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
      </Group>
      {canWrite && (
        <SegmentedControl
          value={scope}
          onChange={(v) => setScope(v as BudgetScope)}
          aria-label={t('budget.scope')}
          data={[
            { value: 'onward', label: t('budget.scopeOnward') },
            { value: 'month', label: t('budget.scopeMonth') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      {b && b.incomplete.length > 0 && (
        <Alert color="yellow" variant="light">
          {t('budget.incomplete', { currencies: currencyList(b.incomplete, locale) })}
        </Alert>
      )}
      {budgets.isError && <Alert color="red">{errorMessage(t, budgets.error)}</Alert>}
      {b && (
        <Paper withBorder p="md" radius="md" component="section" aria-label={t('budget.overall')}>
          <BudgetRow
            name={t('budget.overall')}
            line={
              b.overall ?? { categoryId: '0', parentId: null, amount: null, fromChildren: false, rollover: false, carried: 0, spent: b.spent, remaining: null }
            }
            currency={currency}
            readOnly={!canWrite}
            onSave={(amount, rollover) => void save('0', amount, rollover)}
            hint={t('budget.summary', { budgeted: money(b.budgeted), spent: money(b.spent) })}
          />
        </Paper>
      )}
      {tree.length === 0 && !budgets.isPending ? (
        <EmptyState icon={IconCategory} text={canWrite ? t('budget.empty') : t('budget.emptyView')} />
      ) : (
        <Paper withBorder radius="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('budget.title')}>
          {tree.flatMap((p) =>
            [p, ...p.children].map((c) => {
              const line = lines.get(c.id);
              if (!line) return null;
              return (
                <li key={c.id} style={{ borderBottom: '1px solid var(--cc-border)', padding: '10px 16px', paddingLeft: c.parentId ? 48 : 16 }}>
                  <BudgetRow
                    category={c}
                    name={c.name}
                    line={line}
                    currency={currency}
                    readOnly={!canWrite}
                    onSave={(amount, rollover) => void save(c.id, amount, rollover)}
                  />
                </li>
              );
            }),
          )}
        </Paper>
      )}
    </Stack>
  );
}

function BudgetRow({
  category,
  name,
  line,
  currency,
  readOnly,
  onSave,
  hint,
}: {
  category?: Category;
  name: string;
  line: BudgetLine;
  currency: string;
  /** A viewer's row: the amount and the roll-over as text, nothing to change. */
  readOnly: boolean;
  onSave: (amount: number | null, rollover: boolean) => void;
  hint?: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const exp = exponentOf(currency);
  const own = line.fromChildren ? null : line.amount;
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (own === null ? '' : amountInput(own, exp, i18n.language));
  const [error, setError] = useState<string>();
  const commit = () => {
    if (text === null) return;
    const trimmed = text.trim();
    const amount = trimmed === '' ? null : parseAmount(trimmed, i18n.language, exp);
    if (trimmed !== '' && (amount === null || amount < 0)) {
      setError(t('fieldErrors.invalid'));
      return;
    }
    setError(undefined);
    setText(null);
    if (amount !== own) onSave(amount, line.rollover);
  };
  const u = usage(line);
  const money = (v: number) => formatMoney(v, currency, locale);
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 220px' }}>
          {category && <CategoryIcon icon={category.icon} color={category.color} size={category.parentId ? 28 : 34} />}
          <div style={{ minWidth: 0 }}>
            <Text fw={category?.parentId ? 400 : 600} truncate>
              {name}
            </Text>
            {hint && (
              <Text size="xs" c="dimmed">
                {hint}
              </Text>
            )}
          </div>
        </Group>
        {readOnly ? (
          <Group gap="sm" wrap="nowrap">
            {line.rollover && own !== null && (
              <Badge size="sm" variant="default" tt="none" fw={500}>
                {t('budget.rollsOver')}
              </Badge>
            )}
            <Text size="sm" fw={own === null ? 400 : 600} c={own === null ? 'dimmed' : undefined}>
              {own !== null ? money(own) : line.amount !== null ? money(line.amount) : t('budget.none')}
            </Text>
          </Group>
        ) : (
          <Group gap="md" wrap="nowrap">
            <TextInput
              size="xs"
              // Room for the longest placeholder ("Sin presupuesto") beside the currency.
              w={160}
              aria-label={t('budget.amountLabel', { name })}
              placeholder={line.fromChildren && line.amount !== null ? amountInput(line.amount, exp, i18n.language) : t('budget.none')}
              value={shown}
              error={error}
              inputMode="decimal"
              onChange={(e) => setText(e.currentTarget.value)}
              onBlur={commit}
              onKeyDown={(e) => {
                if (e.key === 'Enter') commit();
                if (e.key === 'Escape') setText(null);
              }}
              rightSection={
                <Text size="xs" c="dimmed">
                  {currency}
                </Text>
              }
              rightSectionWidth={40}
            />
            <Switch
              size="xs"
              label={t('budget.rollover')}
              aria-label={t('budget.rolloverLabel', { name })}
              checked={line.rollover}
              disabled={own === null}
              onChange={(e) => onSave(own, e.currentTarget.checked)}
            />
          </Group>
        )}
      </Group>
      {line.amount !== null && (
        <>
          <Progress.Root size="sm">
            <Progress.Section value={u.value} color={u.color} aria-label={t('budget.progress', { name, percent: Math.round(Math.min(u.share, 999)) })} />
          </Progress.Root>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed">
              {t('budget.spentOf', { spent: money(line.spent), budget: money(line.amount) })}
              {line.fromChildren ? ` · ${t('budget.fromChildren')}` : ''}
              {line.carried !== 0 ? ` · ${t('budget.carried', { amount: formatMoney(line.carried, currency, locale, { signed: true }) })}` : ''}
            </Text>
            {line.remaining !== null && (
              <Text size="xs" fw={600} className={line.remaining < 0 ? 'cc-expense' : 'cc-earning'}>
                {line.remaining < 0 ? t('budget.over', { amount: money(-line.remaining) }) : t('budget.left', { amount: money(line.remaining) })}
              </Text>
            )}
          </Group>
        </>
      )}
      {line.amount === null && line.spent > 0 && (
        <Text size="xs" c="dimmed">
          {t('budget.spentNoBudget', { spent: money(line.spent) })}
        </Text>
      )}
    </Stack>
  );
}
