import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Badge, Button, Group, Kbd, Paper, Select, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconBolt, IconDownload, IconFilter, IconPlus, IconReceipt, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccounts, useCanWrite, useCategories, useMayWrite, useUser } from '@/shared/api/queries';
import { useCurrencyBook } from '@/shared/api/currencyBook';
import type { Movement } from '@/shared/api/types';
import { categoryChoices } from '@/shared/categories';
import { Amount } from '@/shared/ui/Amount';
import { IncompleteWarning, TotalsToggle, useShowConverted } from '@/shared/ui/Converted';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PageHeader } from '@/shared/ui/PageHeader';
import { ReadOnlyNotice } from '@/shared/ui/ReadOnlyNotice';
import { useLedgerPeople } from '@/shared/api/ledgers';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk, notifyWithAction } from '@/shared/ui/notify';
import { asInput, exportUrl, useMovementList, useMovementMutations, useMovementTotals } from './api';
import { activeFilterCount, readFilters, writeFilters, type MovementFilters } from './filters';
import { MovementFiltersPanel } from './MovementFiltersPanel';
import { MovementForm } from './MovementForm';
import { PendingMovements } from './PendingMovements';
import { useOnline } from '@/shared/offline/online';
import { MovementList } from './MovementList';
import { LazyModal } from '@/shared/ui/LazyModal';
import { ApiProblem } from '@/shared/api/client';
import { ConfirmDelete } from '@/shared/ui/ConfirmDelete';
import { openQuickAdd, QUICK_ADD_KEYS } from '@/shared/quickAdd';

const SHORTCUT = 'N';
const ImportWizard = lazy(() => import('./ImportWizard'));

/** /movements: filters in the URL, totals, a virtualised day-grouped list, bulk actions with undo. */
export default function MovementsPage({ nav }: { nav?: React.ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const setFilters = (f: MovementFilters) => setParams(writeFilters(f));
  const list = useMovementList(filters);
  const totals = useMovementTotals(filters);
  const user = useUser();
  // A viewer of the ledger reads it: no new movement, import, bulk action or editing.
  // Offline, only a new movement (it waits to be sent, PendingMovements shows it).
  const canWrite = useCanWrite();
  const canAdd = useMayWrite();
  const people = useLedgerPeople();
  const online = useOnline();
  const { data: accounts = [] } = useAccounts();
  const { data: categories = [] } = useCategories();
  const { bulkDelete, bulkCreate, recategorize } = useMovementMutations();
  const [showFilters, setShowFilters] = useState(activeFilterCount(filters) > 0);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<Movement | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [target, setTarget] = useState<string | null>(null);
  const movements = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  // The totals in the base currency (the default), or one line per currency.
  const base = totals.data?.converted?.currency;
  const converted = useShowConverted(totals.data?.converted);
  useCurrencyBook([...accounts.map((a) => a.currency), base]);
  const shownTotals = converted && totals.data?.converted ? [totals.data.converted] : totals.data?.byCurrency;
  useHotkeys([['n', () => canAdd && setAdding(true)]]);

  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const more = useCallback(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [list]);

  // A reconciled movement among them: asked once more, then deleted with confirm.
  const [confirmReconciled, setConfirmReconciled] = useState(false);
  const deleteSelected = async (confirm = false) => {
    try {
      const res = await bulkDelete.mutateAsync({ ids: [...selected], confirm });
      setSelected(new Set());
      setConfirmReconciled(false);
      notifyWithAction(t('movements.deleted', { count: res.affected }), t('common.undo'), () =>
        bulkCreate.mutate((res.deleted ?? []).map(asInput), { onError: (e) => notifyError(errorMessage(t, e)) }),
      );
    } catch (e) {
      if (e instanceof ApiProblem && e.code === 'reconciled' && !confirm) setConfirmReconciled(true);
      else notifyError(errorMessage(t, e));
    }
  };
  const moveSelected = async () => {
    if (!target) return;
    try {
      const res = await recategorize.mutateAsync({ ids: [...selected], categoryId: target });
      setSelected(new Set());
      setTarget(null);
      notifyOk(t('movements.recategorized', { count: res.affected }));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  const selectedTypes = new Set(movements.filter((m) => selected.has(m.id)).map((m) => m.type));
  const only = selectedTypes.size === 1 ? [...selectedTypes][0] : undefined;
  const recatType = only === 'expense' || only === 'earning' ? only : null;
  const count = activeFilterCount(filters);

  return (
    <Stack gap="sm">
      <ConfirmDelete
        opened={confirmReconciled}
        question={`${t('errors.reconciled')} ${t('movements.reconciledConfirm')}`}
        busy={bulkDelete.isPending}
        onCancel={() => setConfirmReconciled(false)}
        onConfirm={() => void deleteSelected(true)}
      />
      <PageHeader title={t('movements.title')} note={<ReadOnlyNotice />}>
        {canAdd && (
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => setAdding(true)}
            rightSection={
              <Kbd size="xs" visibleFrom="sm">
                {SHORTCUT}
              </Kbd>
            }
            aria-keyshortcuts="n"
          >
            {t('movements.add')}
          </Button>
        )}
        {canAdd && (
          <Button
            variant="default"
            leftSection={<IconBolt size={18} />}
            onClick={openQuickAdd}
            rightSection={
              <Kbd size="xs" visibleFrom="sm">
                {t('movements.quickAddKeys')}
              </Kbd>
            }
            aria-keyshortcuts={QUICK_ADD_KEYS}
          >
            {t('movements.quickAddOpen')}
          </Button>
        )}
        {canWrite && (
          <Button variant="default" leftSection={<IconUpload size={18} />} onClick={() => setImporting(true)}>
            {t('import.open')}
          </Button>
        )}
        {online && (
          <Button variant="default" component="a" href={exportUrl(filters)} download leftSection={<IconDownload size={18} />}>
            {t('common.export')}
          </Button>
        )}
      </PageHeader>
      {nav}
      <PendingMovements accounts={accounts} />
      <Group justify="space-between" wrap="wrap">
        <Button
          variant={showFilters ? 'light' : 'subtle'}
          leftSection={<IconFilter size={18} />}
          onClick={() => setShowFilters((v) => !v)}
          aria-expanded={showFilters}
          rightSection={
            count > 0 ? (
              <Badge size="sm" circle>
                {count}
              </Badge>
            ) : null
          }
        >
          {t('movements.filters')}
        </Button>
        <Group gap="md" wrap="wrap">
          <Group gap="md" aria-live="polite">
            <Text size="sm" c="dimmed">
              {t('movements.count', { count: totals.data?.count ?? 0 })}
            </Text>
            {(
              shownTotals ??
                // Until the totals arrive, an invisible line of a usual width
                // holds their place: the list below does not jump when they come.
                [{ currency: user.baseCurrency, earnings: 100_000_000, expenses: 100_000_000, net: 10_000_000, placeholder: true }]
            ).map((c) => (
              <Group key={c.currency} gap={8} {...('placeholder' in c ? { 'aria-hidden': true, style: { visibility: 'hidden' } } : {})}>
                <Text size="sm">
                  {t('movements.earnings')} <Amount value={c.earnings} currency={c.currency} kind="earning" size="sm" fw={600} />
                </Text>
                <Text size="sm">
                  {t('movements.expenses')} <Amount value={c.expenses} currency={c.currency} kind="expense" size="sm" fw={600} />
                </Text>
                <Text size="sm">
                  {t('movements.net')} <Amount value={c.net} currency={c.currency} size="sm" fw={700} signed />
                </Text>
              </Group>
            ))}
          </Group>
          <TotalsToggle base={base} currencies={accounts.map((a) => a.currency)} />
        </Group>
      </Group>
      {converted && base && <IncompleteWarning base={base} currencies={totals.data?.converted?.incomplete} />}
      {showFilters && <MovementFiltersPanel key={params.toString()} value={filters} onChange={setFilters} />}
      {canWrite && selected.size > 0 && (
        <Paper withBorder p="xs" radius="md">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" fw={600}>
              {t('movements.selected', { count: selected.size })}
            </Text>
            <Group gap="xs" wrap="wrap">
              {recatType && (
                <>
                  <Select
                    size="xs"
                    placeholder={t('movements.recategorize')}
                    aria-label={t('movements.recategorize')}
                    value={target}
                    onChange={setTarget}
                    data={categoryChoices(categories, recatType)}
                    searchable
                    w={220}
                  />
                  <Button size="xs" variant="light" disabled={!target} onClick={() => void moveSelected()}>
                    {t('movements.recategorize')}
                  </Button>
                </>
              )}
              <Button size="xs" color="red" leftSection={<IconTrash size={16} />} onClick={() => void deleteSelected()} loading={bulkDelete.isPending}>
                {t('movements.deleteSelected')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setSelected(new Set())}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      {list.isSuccess && movements.length === 0 ? (
        <EmptyState icon={IconReceipt} text={canWrite ? t('movements.empty') : t('movements.emptyReadOnly')} />
      ) : (
        <MovementList
          movements={movements}
          base={base}
          converted={converted}
          accounts={accounts}
          categories={categories}
          selected={selected}
          onToggle={canWrite ? toggle : undefined}
          onOpen={setEditing}
          people={people}
          hasMore={!!list.hasNextPage}
          onMore={more}
        />
      )}
      <LazyModal opened={canAdd && adding} onClose={() => setAdding(false)} title={t('movements.add')} size="lg">
        <MovementForm onDone={() => setAdding(false)} />
      </LazyModal>
      {canWrite && importing && (
        <Suspense fallback={null}>
          <ImportWizard onClose={() => setImporting(false)} />
        </Suspense>
      )}
      <LazyModal opened={editing !== null} onClose={() => setEditing(null)} title={canWrite ? t('movements.edit') : t('movements.view')} size="lg">
        {editing && <MovementForm key={editing.id} movement={editing} onDone={() => setEditing(null)} readOnly={!canWrite} />}
      </LazyModal>
    </Stack>
  );
}
