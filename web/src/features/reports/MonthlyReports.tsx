import { Stack, Text } from '@mantine/core';
import { AreaChart, CompositeChart, LineChart } from '@/shared/ui/charts';
import { useTranslation } from 'react-i18next';
import { dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { formatMoney, formatPercent } from '@/shared/money';
import type { BudgetReportData, CurrencyComparison, CurrencyMonths, CurrencyWorth } from './api';
import { IncompleteWarning } from '@/shared/ui/Converted';
import { ReportTable } from './ReportTable';

function useFmt(currency: string) {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const money = (v: number) => formatMoney(v, currency, locale);
  const day = dayFormatter(locale, { month: 'short', year: 'numeric' });
  const month = (m: string) => day(`${m}-01`);
  return { money, month, locale };
}

function Money({ v, currency, kind }: { v: number; currency: string; kind?: 'expense' | 'earning' | 'auto' }) {
  const { money } = useFmt(currency);
  const k = kind === 'auto' ? (v < 0 ? 'expense' : v > 0 ? 'earning' : '') : kind;
  return (
    <Text size="sm" className={`cc-amount ${k === 'expense' ? 'cc-expense' : k === 'earning' ? 'cc-earning' : ''}`}>
      {money(v)}
    </Text>
  );
}

/** Monthly trend: earnings and expenses as bars, the net as a line. */
export function TrendReport({ data }: { data: CurrencyMonths }) {
  const { t } = useTranslation();
  const { money, month } = useFmt(data.currency);
  return (
    <Stack>
      <div aria-hidden inert>
        <CompositeChart
          h={280}
          data={data.months.map((m) => ({ ...m, label: month(m.month) }))}
          dataKey="label"
          valueFormatter={money}
          withLegend
          series={[
            { name: 'earnings', label: t('reports.earnings'), color: 'var(--cc-earnings)', type: 'bar' },
            { name: 'expenses', label: t('reports.expenses'), color: 'var(--cc-expenses)', type: 'bar' },
            { name: 'net', label: t('reports.net'), color: 'var(--mantine-color-brand-6)', type: 'line' },
          ]}
        />
      </div>
      <ReportTable
        caption={t('reports.trend')}
        head={[t('reports.month'), t('reports.earnings'), t('reports.expenses'), t('reports.net')]}
        rows={data.months.map((m) => [
          month(m.month),
          <Money key="e" v={m.earnings} currency={data.currency} kind="earning" />,
          <Money key="x" v={m.expenses} currency={data.currency} kind="expense" />,
          <Money key="n" v={m.net} currency={data.currency} kind="auto" />,
        ])}
      />
    </Stack>
  );
}

/** Cash flow: in, out and net per month, with a running total. */
export function CashflowReport({ data }: { data: CurrencyMonths }) {
  const { t } = useTranslation();
  const { money, month } = useFmt(data.currency);
  const rows = data.months.map((m) => ({
    label: month(m.month),
    in: m.earnings + m.transfersIn,
    out: m.expenses + m.transfersOut,
    net: m.earnings + m.transfersIn - m.expenses - m.transfersOut,
    running: m.running,
  }));
  return (
    <Stack>
      <div aria-hidden inert>
        <AreaChart
          h={260}
          data={rows}
          dataKey="label"
          valueFormatter={money}
          withLegend
          curveType="monotone"
          series={[{ name: 'running', label: t('reports.running'), color: 'var(--mantine-color-brand-6)' }]}
        />
      </div>
      <ReportTable
        caption={t('reports.cashflow')}
        head={[t('reports.month'), t('reports.in'), t('reports.out'), t('reports.net'), t('reports.running')]}
        rows={rows.map((r) => [
          r.label,
          <Money key="i" v={r.in} currency={data.currency} kind="earning" />,
          <Money key="o" v={r.out} currency={data.currency} kind="expense" />,
          <Money key="n" v={r.net} currency={data.currency} kind="auto" />,
          <Money key="r" v={r.running} currency={data.currency} kind="auto" />,
        ])}
      />
    </Stack>
  );
}

/** Net worth: the sum of the account balances at each month's end. */
export function NetWorthReport({ data }: { data: CurrencyWorth }) {
  const { t } = useTranslation();
  const { money, month } = useFmt(data.currency);
  return (
    <Stack>
      <div aria-hidden inert>
        <LineChart
          h={260}
          data={data.points.map((p) => ({ label: month(p.month), balance: p.balance }))}
          dataKey="label"
          valueFormatter={money}
          curveType="monotone"
          series={[{ name: 'balance', label: t('reports.balance'), color: 'var(--mantine-color-brand-6)' }]}
        />
      </div>
      <ReportTable
        caption={t('reports.networth')}
        head={[t('reports.month'), t('reports.balance')]}
        rows={data.points.map((p) => [month(p.month), <Money key="b" v={p.balance} currency={data.currency} kind="auto" />])}
      />
    </Stack>
  );
}

/** This period against the previous one, per category. */
export function CompareReport({ data }: { data: CurrencyComparison }) {
  const { t } = useTranslation();
  const { locale } = useFmt(data.currency);
  const pct = (bp: number | null) => (bp === null ? '—' : formatPercent(bp, locale, true));
  return (
    <ReportTable
      caption={t('reports.compare')}
      head={[t('reports.category'), t('reports.current'), t('reports.previous'), t('reports.change'), '%']}
      rows={[
        ...data.categories.map((c) => [
          c.name,
          <Money key="c" v={c.current} currency={data.currency} />,
          <Money key="p" v={c.previous} currency={data.currency} />,
          <Money key="d" v={c.change} currency={data.currency} />,
          pct(c.changeBp),
        ]),
        [
          '∑',
          <Money key="c" v={data.current} currency={data.currency} />,
          <Money key="p" v={data.previous} currency={data.currency} />,
          <Money key="d" v={data.change} currency={data.currency} />,
          pct(data.changeBp),
        ],
      ]}
    />
  );
}

/** Budget against spending per month: bars side by side, and the table with what was left or overspent. */
export function BudgetReport({ data }: { data: BudgetReportData }) {
  const { t } = useTranslation();
  const { money, month } = useFmt(data.currency);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('reports.budgetRange')}
      </Text>
      <IncompleteWarning base={data.currency} currencies={data.incomplete} />
      <div aria-hidden inert>
        <CompositeChart
          h={280}
          data={data.items.map((p) => ({ ...p, label: month(p.month) }))}
          dataKey="label"
          valueFormatter={money}
          withLegend
          series={[
            { name: 'budgeted', label: t('reports.budgeted'), color: 'var(--mantine-color-brand-6)', type: 'bar' },
            { name: 'spent', label: t('reports.expenses'), color: 'var(--cc-expenses)', type: 'bar' },
          ]}
        />
      </div>
      <ReportTable
        caption={t('reports.budget')}
        head={[t('reports.month'), t('reports.budgeted'), t('reports.expenses'), t('reports.budgetLeft')]}
        rows={data.items.map((p) => [
          month(p.month),
          <Money key="b" v={p.budgeted} currency={data.currency} />,
          <Money key="s" v={p.spent} currency={data.currency} kind="expense" />,
          p.budgeted > 0 ? <Money key="l" v={p.budgeted - p.spent} currency={data.currency} kind="auto" /> : '—',
        ])}
      />
    </Stack>
  );
}
