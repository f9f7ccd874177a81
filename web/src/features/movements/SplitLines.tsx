import { useId, useRef } from 'react';
import { flushSync } from 'react-dom';
import { ActionIcon, Button, Grid, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Category, MovementType } from '@/shared/api/types';
import { categoryGroups } from '@/shared/categories';
import { localeOf } from '@/shared/i18n';
import { amountInput, formatMoney } from '@/shared/money';
import { MAX_SPLIT_NOTE, MAX_SPLITS, assigned, remaining, type SplitLine } from './splits';

/**
 * A split movement's lines: each a category of the movement's type, an
 * amount and a note; what is left to assign of the total, said as it changes;
 * a line added takes what is left. Removing the split is the parent's.
 */
export function SplitLines({
  type,
  categories,
  currency,
  exponent,
  total,
  lines,
  onChange,
  onUnsplit,
  errors,
  problems,
  mismatch,
  autoFocus,
}: {
  type: Exclude<MovementType, 'transfer'>;
  categories: Category[];
  currency: string;
  exponent: number;
  /** The movement's amount in minor units; null while it is not an amount. */
  total: number | null;
  lines: SplitLine[];
  onChange: (lines: SplitLine[]) => void;
  onUnsplit: () => void;
  /** The form's errors: a line's are keyed line.<key>.categoryId and line.<key>.amount. */
  errors: Record<string, string>;
  /** The server's errors about the lines, in words. */
  problems: string[];
  /** Say that the lines must add up (after a save was refused for it). */
  mismatch: boolean;
  /** Focus the first line (the user has just split the movement). */
  autoFocus?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const id = useId();
  const nextKey = useRef(lines.reduce((k, l) => Math.max(k, l.key + 1), 0));
  const left = remaining(total, lines, i18n.language, exponent);
  const money = (v: number) => formatMoney(v, currency, locale);
  const status =
    left === null
      ? t('movements.split.linesTotal', { amount: money(assigned(lines, i18n.language, exponent)) })
      : left > 0
        ? t('movements.split.remaining', { amount: money(left) })
        : left < 0
          ? t('movements.split.over', { amount: money(-left) })
          : t('movements.split.done');
  const set = (key: number, patch: Partial<SplitLine>) => onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const add = () => {
    const key = nextKey.current++;
    // The new line takes what is left to assign, the usual last step of a split.
    const amount = left !== null && left > 0 ? amountInput(left, exponent, i18n.language) : '';
    flushSync(() => onChange([...lines, { key, categoryId: null, amount, note: '' }]));
    document.getElementById(`${id}-category-${key}`)?.focus();
  };
  const remove = (key: number) => {
    flushSync(() => onChange(lines.filter((l) => l.key !== key)));
    document.getElementById(`${id}-add`)?.focus();
  };
  const said = [...(mismatch && left !== 0 ? [t('movements.split.mustAddUp')] : []), ...problems];
  const first = lines[0];
  const focusFirst = autoFocus && first ? (first.categoryId ? 'amount' : 'category') : null;

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-labelledby={`${id}-title`} aria-describedby={said.length ? `${id}-problems` : undefined}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text id={`${id}-title`} fw={600} size="sm">
            {t('movements.split.title')}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={onUnsplit} style={{ flex: 'none' }}>
            {t('movements.split.unsplit')}
          </Button>
        </Group>
        {lines.map((l, i) => {
          const n = i + 1;
          // Named by their line ("Category, line 2"): the first line's labels head the columns of the others.
          const named = (label: string) => ({ label, 'aria-label': `${label}, ${t('movements.split.line', { n })}` });
          return (
            <Grid key={l.key} gap="xs" align="flex-start" className="cc-split-line" data-rest={i > 0 || undefined}>
              <Grid.Col span={{ base: 12, xs: 5 }}>
                <Select
                  id={`${id}-category-${l.key}`}
                  {...named(t('movements.category'))}
                  classNames={{ label: 'cc-split-label' }}
                  data={categoryGroups(categories, type, l.categoryId)}
                  value={l.categoryId}
                  onChange={(v) => set(l.key, { categoryId: v })}
                  searchable
                  required
                  error={errors[`line.${l.key}.categoryId`]}
                  autoFocus={i === 0 && focusFirst === 'category'}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 5, xs: 3 }}>
                <TextInput
                  {...named(t('movements.amount'))}
                  classNames={{ label: 'cc-split-label' }}
                  value={l.amount}
                  onChange={(e) => set(l.key, { amount: e.currentTarget.value })}
                  inputMode="decimal"
                  required
                  error={errors[`line.${l.key}.amount`]}
                  placeholder={amountInput(0, exponent, i18n.language)}
                  rightSection={
                    <Text size="xs" c="dimmed">
                      {currency}
                    </Text>
                  }
                  autoFocus={i === 0 && focusFirst === 'amount'}
                />
              </Grid.Col>
              <Grid.Col span="auto">
                <TextInput
                  {...named(t('movements.split.note'))}
                  classNames={{ label: 'cc-split-label' }}
                  value={l.note}
                  onChange={(e) => set(l.key, { note: e.currentTarget.value })}
                  maxLength={MAX_SPLIT_NOTE}
                />
              </Grid.Col>
              <Grid.Col span="content">
                <div className="cc-split-label-space" aria-hidden />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="input-sm"
                  onClick={() => remove(l.key)}
                  disabled={lines.length <= 2}
                  aria-label={t('movements.split.remove', { n })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Grid.Col>
            </Grid>
          );
        })}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Button
            id={`${id}-add`}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={add}
            disabled={lines.length >= MAX_SPLITS}
          >
            {t('movements.split.add')}
          </Button>
          <Text size="sm" fw={600} aria-live="polite" style={left !== null && left < 0 ? { color: 'var(--mantine-color-error)' } : undefined}>
            {status}
          </Text>
        </Group>
        {said.length > 0 && (
          <Stack gap={2} id={`${id}-problems`}>
            {said.map((s) => (
              <Text key={s} size="sm" style={{ color: 'var(--mantine-color-error)' }}>
                {s}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
