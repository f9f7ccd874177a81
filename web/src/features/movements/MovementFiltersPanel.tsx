import { useState } from 'react';
import { Button, Group, MultiSelect, Paper, Select, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAccounts, useCategories } from '@/shared/api/queries';
import type { MovementType } from '@/shared/api/types';
import { amountInput, parseAmount } from '@/shared/money';
import type { MovementFilters, MovementState } from './filters';

const empty: MovementFilters = {
  from: '',
  to: '',
  type: [],
  accountId: [],
  categoryId: [],
  tag: [],
  minAmount: '',
  maxAmount: '',
  q: '',
  order: 'desc',
  state: [],
};

/** The filter form; amounts are typed in the user's format (assuming two decimals). */
export function MovementFiltersPanel({ value, onChange }: { value: MovementFilters; onChange: (f: MovementFilters) => void }) {
  const { t, i18n } = useTranslation();
  const { data: accounts = [] } = useAccounts();
  const { data: categories = [] } = useCategories();
  const [q, setQ] = useState(value.q);
  const [min, setMin] = useState(value.minAmount ? amountInput(Number(value.minAmount), 2, i18n.language) : '');
  const [max, setMax] = useState(value.maxAmount ? amountInput(Number(value.maxAmount), 2, i18n.language) : '');
  const set = (patch: Partial<MovementFilters>) => onChange({ ...value, ...patch });
  const amount = (s: string) => {
    const v = parseAmount(s, i18n.language, 2);
    return v === null ? '' : String(v);
  };
  const parents = categories.filter((c) => c.parentId === null);
  const categoryData = (['expense', 'earning'] as const).map((type) => ({
    group: type === 'expense' ? t('categories.expenses') : t('categories.earnings'),
    items: parents
      .filter((p) => p.type === type)
      .flatMap((p) => [
        { value: p.id, label: p.name },
        ...categories.filter((c) => c.parentId === p.id).map((c) => ({ value: c.id, label: `${p.name} › ${c.name}` })),
      ]),
  }));
  return (
    <Paper withBorder p="sm" radius="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: q.trim(), minAmount: amount(min), maxAmount: amount(max) });
        }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <TextInput label={t('movements.text')} value={q} onChange={(e) => setQ(e.currentTarget.value)} onBlur={() => set({ q: q.trim() })} type="search" />
          <TextInput label={t('movements.from')} type="date" value={value.from} onChange={(e) => set({ from: e.currentTarget.value })} />
          <TextInput label={t('movements.to')} type="date" value={value.to} onChange={(e) => set({ to: e.currentTarget.value })} />
          <MultiSelect
            label={t('movements.type')}
            value={value.type}
            onChange={(v) => set({ type: v as MovementType[] })}
            data={(['expense', 'earning', 'transfer'] as const).map((k) => ({ value: k, label: t(`movements.types.${k}`) }))}
          />
          <MultiSelect
            label={t('movements.state')}
            value={value.state}
            onChange={(v) => set({ state: v as MovementState[] })}
            data={(['uncleared', 'cleared', 'reconciled'] as const).map((k) => ({ value: k, label: t(`movements.states.${k}`) }))}
          />
          <MultiSelect
            label={t('movements.account')}
            value={value.accountId}
            onChange={(v) => set({ accountId: v })}
            data={accounts.map((a) => ({ value: a.id, label: a.name }))}
            searchable
          />
          <MultiSelect label={t('movements.category')} value={value.categoryId} onChange={(v) => set({ categoryId: v })} data={categoryData} searchable />
          <TagsInput label={t('movements.tags')} value={value.tag} onChange={(v) => set({ tag: v.map((s) => s.toLowerCase()) })} />
          <Select
            label={t('movements.order')}
            value={value.order}
            onChange={(v) => set({ order: v === 'asc' ? 'asc' : 'desc' })}
            allowDeselect={false}
            data={[
              { value: 'desc', label: t('movements.newest') },
              { value: 'asc', label: t('movements.oldest') },
            ]}
          />
          <TextInput
            label={t('movements.minAmount')}
            value={min}
            inputMode="decimal"
            onChange={(e) => setMin(e.currentTarget.value)}
            onBlur={() => set({ minAmount: amount(min) })}
          />
          <TextInput
            label={t('movements.maxAmount')}
            value={max}
            inputMode="decimal"
            onChange={(e) => setMax(e.currentTarget.value)}
            onBlur={() => set({ maxAmount: amount(max) })}
          />
        </SimpleGrid>
        <Group mt="sm" justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              setQ('');
              setMin('');
              setMax('');
              onChange(empty);
            }}
          >
            {t('movements.clearFilters')}
          </Button>
          <Button type="submit">{t('common.search')}</Button>
        </Group>
      </form>
    </Paper>
  );
}
