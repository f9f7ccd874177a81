import { useMemo, useState } from 'react';
import { Button, Group, MultiSelect, Paper, SegmentedControl, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconChartPie, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccounts } from '@/shared/api/queries';
import { useCurrencyBook } from '@/shared/api/currencyBook';
import { dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { toDecimalString, exponentOf } from '@/shared/money';
import { IncompleteWarning, TotalsToggle, useShowConverted } from '@/shared/ui/Converted';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PageHeader } from '@/shared/ui/PageHeader';
import { useBudgetReport, useCategoryReport, useCompareReport, useNetWorthReport, useTrendReport, type Report, type ReportParams } from './api';
import { CategoryReport } from './CategoryReport';
import { downloadCSV } from './csv';
import { BudgetReport, CashflowReport, CompareReport, NetWorthReport, TrendReport } from './MonthlyReports';
import { periodKeys, resolvePeriod, type PeriodKey } from './period';

const tabs = ['categories', 'trend', 'cashflow', 'networth', 'compare', 'budget'] as const;
type Tab = (typeof tabs)[number];

/** The entry of a report to show: the converted one, or one currency's section. */
function pick<T extends { currency: string }>(report: Report<T> | undefined, converted: boolean, currency: string | null): T | undefined {
  if (converted) return report?.converted;
  return currency ? report?.items.find((i) => i.currency === currency) : report?.items[0];
}

export default function ReportsPage() {
  const { t, i18n } = useTranslation();
  const { data: accounts = [] } = useAccounts();
  const [period, setPeriod] = useState<PeriodKey>('thisMonth');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const [accountId, setAccountId] = useState<string[]>([]);
  const [type, setType] = useState<'expense' | 'earning'>('expense');
  // The tab lives in the URL (?tab=trend) so that reload, back and links keep
  // it; only the shown tab's report is asked for.
  const [search, setParams] = useSearchParams();
  const tab: Tab = tabs.find((k) => k === search.get('tab')) ?? 'categories';
  const setTab = (v: Tab) => setParams(v === 'categories' ? {} : { tab: v }, { replace: true });
  const [currency, setCurrency] = useState<string | null>(null);
  const range = useMemo(() => resolvePeriod(period, new Date(), custom), [period, custom]);
  const params: ReportParams = { ...range, accountId, type };
  const cats = useCategoryReport(params, tab === 'categories');
  const trend = useTrendReport(params, tab === 'trend' || tab === 'cashflow');
  const worth = useNetWorthReport(params, tab === 'networth');
  const cmp = useCompareReport(params, tab === 'compare');
  const budget = useBudgetReport(tab === 'budget');
  // Every figure in the base currency (converted), or the sections of the
  // original currencies one at a time, chosen among the currencies of the
  // accounts in the report.
  const shownReport: Report<{ currency: string; incomplete?: string[] }> | undefined =
    tab === 'categories' ? cats.data : tab === 'networth' ? worth.data : tab === 'compare' ? cmp.data : trend.data;
  const converted = useShowConverted(shownReport?.converted);
  const base = shownReport?.converted?.currency;
  useCurrencyBook([...accounts.map((a) => a.currency), base]);
  const currencies = [...new Set(accounts.filter((a) => accountId.length === 0 || accountId.includes(a.id)).map((a) => a.currency))].sort();
  const cur = converted ? (base ?? null) : currency && currencies.includes(currency) ? currency : (currencies[0] ?? null);
  const catData = pick(cats.data, converted, cur);
  const trendData = pick(trend.data, converted, cur);
  const worthData = pick(worth.data, converted, cur);
  const cmpData = pick(cmp.data, converted, cur);
  const dec = (v: number) => toDecimalString(v, exponentOf(cur ?? 'EUR'));

  const exportCSV = () => {
    const name = `${tab}-${range.from || 'all'}-${range.to}.csv`;
    if (tab === 'categories' && catData)
      downloadCSV(name, [
        ['category', 'subcategory', 'amount', 'currency', 'share_percent'],
        ...catData.categories.flatMap((c) => [
          [c.name, '', dec(c.total), catData.currency, toDecimalString(c.share, 2)],
          ...(c.children ?? []).map((k) => [c.name, k.name, dec(k.total), catData.currency, toDecimalString(k.share, 2)]),
        ]),
      ]);
    if ((tab === 'trend' || tab === 'cashflow') && trendData)
      downloadCSV(name, [
        ['month', 'earnings', 'expenses', 'transfers_in', 'transfers_out', 'net', 'running', 'currency'],
        ...trendData.months.map((m) => [
          m.month,
          dec(m.earnings),
          dec(m.expenses),
          dec(m.transfersIn),
          dec(m.transfersOut),
          dec(m.net),
          dec(m.running),
          trendData.currency,
        ]),
      ]);
    if (tab === 'networth' && worthData)
      downloadCSV(name, [['month', 'balance', 'currency'], ...worthData.points.map((p) => [p.month, dec(p.balance), worthData.currency])]);
    if (tab === 'compare' && cmpData)
      downloadCSV(name, [
        ['category', 'current', 'previous', 'change', 'change_percent', 'currency'],
        ...cmpData.categories.map((c) => [
          c.name,
          dec(c.current),
          dec(c.previous),
          dec(c.change),
          c.changeBp === null ? '' : toDecimalString(c.changeBp, 2),
          cmpData.currency,
        ]),
      ]);
    const b = budget.data;
    if (tab === 'budget' && b)
      downloadCSV(`budget-${b.from}-${b.to}.csv`, [
        ['month', 'budgeted', 'spent', 'currency'],
        ...b.items.map((p) => [p.month, toDecimalString(p.budgeted, exponentOf(b.currency)), toDecimalString(p.spent, exponentOf(b.currency)), b.currency]),
      ]);
  };

  const none = <EmptyState icon={IconChartPie} text={t('reports.noData')} />;
  const day = dayFormatter(localeOf(i18n.language));
  const fmtDate = (d: string) => (d ? day(d) : '');

  return (
    <Stack gap="md">
      <PageHeader title={t('reports.title')}>
        <Button variant="default" leftSection={<IconDownload size={18} />} onClick={exportCSV}>
          {t('common.export')}
        </Button>
      </PageHeader>
      {/* The budget tab has a period of its own (12 months) and counts every account. */}
      {tab !== 'budget' && (
        <Paper withBorder p="sm" radius="md">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Select
              label={t('reports.period')}
              value={period}
              onChange={(v) => v && setPeriod(v as PeriodKey)}
              allowDeselect={false}
              w={200}
              data={periodKeys.map((k) => ({ value: k, label: t(`reports.periods.${k}`) }))}
            />
            {period === 'custom' && (
              <>
                <TextInput
                  type="date"
                  label={t('movements.from')}
                  value={custom.from}
                  onChange={(e) => setCustom({ ...custom, from: e.currentTarget.value })}
                />
                <TextInput type="date" label={t('movements.to')} value={custom.to} onChange={(e) => setCustom({ ...custom, to: e.currentTarget.value })} />
              </>
            )}
            <MultiSelect
              label={t('reports.accounts')}
              value={accountId}
              onChange={setAccountId}
              data={accounts.map((a) => ({ value: a.id, label: a.name }))}
              w={260}
              placeholder={t('common.all')}
              clearable
            />
            {(tab === 'categories' || tab === 'compare') && (
              <div>
                <Text size="sm" fw={500} mb={2} id="report-type">
                  {t('reports.type')}
                </Text>
                <SegmentedControl
                  aria-labelledby="report-type"
                  value={type}
                  onChange={(v) => setType(v as 'expense' | 'earning')}
                  color={type === 'expense' ? 'red' : 'green'}
                  data={[
                    { value: 'expense', label: t('reports.expenses') },
                    { value: 'earning', label: t('reports.earnings') },
                  ]}
                />
              </div>
            )}
            {!converted && currencies.length > 1 && (
              <Select label={t('accounts.currency')} value={cur} onChange={setCurrency} data={currencies} w={110} allowDeselect={false} />
            )}
            <TotalsToggle base={base} currencies={currencies} withLabel />
          </Group>
        </Paper>
      )}
      {converted && base && <IncompleteWarning base={base} currencies={shownReport?.converted.incomplete} />}
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="categories">{t('reports.byCategory')}</Tabs.Tab>
          <Tabs.Tab value="trend">{t('reports.trend')}</Tabs.Tab>
          <Tabs.Tab value="cashflow">{t('reports.cashflow')}</Tabs.Tab>
          <Tabs.Tab value="networth">{t('reports.networth')}</Tabs.Tab>
          <Tabs.Tab value="compare">{t('reports.compare')}</Tabs.Tab>
          <Tabs.Tab value="budget">{t('reports.budget')}</Tabs.Tab>
        </Tabs.List>
        <Paper withBorder p="md" radius="md" mt="sm">
          <Tabs.Panel value="categories">
            {catData && catData.categories.length > 0 ? (
              <CategoryReport data={catData} from={cats.data?.from ?? range.from} to={range.to} type={type} accountId={accountId} />
            ) : (
              none
            )}
          </Tabs.Panel>
          <Tabs.Panel value="trend">{trendData ? <TrendReport data={trendData} /> : none}</Tabs.Panel>
          <Tabs.Panel value="cashflow">{trendData ? <CashflowReport data={trendData} /> : none}</Tabs.Panel>
          <Tabs.Panel value="networth">{worthData ? <NetWorthReport data={worthData} /> : none}</Tabs.Panel>
          <Tabs.Panel value="compare">
            {cmp.data?.previousFrom && (
              <Text size="sm" c="dimmed" mb="sm">
                {t('reports.previousRange', { from: fmtDate(cmp.data.previousFrom), to: fmtDate(cmp.data.previousTo ?? '') })}
              </Text>
            )}
            {cmpData && cmpData.categories.length > 0 ? <CompareReport data={cmpData} /> : none}
          </Tabs.Panel>
          <Tabs.Panel value="budget">
            {budget.data && budget.data.items.some((p) => p.budgeted > 0 || p.spent > 0) ? <BudgetReport data={budget.data} /> : none}
          </Tabs.Panel>
        </Paper>
      </Tabs>
    </Stack>
  );
}
