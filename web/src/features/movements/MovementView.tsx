import { Box, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAccounts, useCategories } from '@/shared/api/queries';
import type { Movement } from '@/shared/api/types';
import { dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { formatMoney } from '@/shared/money';
import { Attachments } from './Attachments';
import { MovementAuthors } from './authors';

/** A movement as a viewer of the ledger reads it: its fields as text (disabled fields were grey and hard to read). */
export function MovementView({ movement }: { movement: Movement }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { data: accounts = [] } = useAccounts();
  const { data: categories = [] } = useCategories();
  const account = (id: string | null | undefined) => accounts.find((a) => a.id === id);
  const category = (id: string | null | undefined) => {
    const c = categories.find((x) => x.id === id);
    const parent = c?.parentId ? categories.find((x) => x.id === c.parentId) : undefined;
    return c ? (parent ? `${parent.name} › ${c.name}` : c.name) : '';
  };
  const to = account(movement.toAccountId);
  const rows: [string, string][] = [
    [t('movements.type'), t(`movements.types.${movement.type}`)],
    [t('movements.date'), dayFormatter(locale, { dateStyle: 'long' })(movement.date)],
    [t('movements.amount'), formatMoney(movement.amount, movement.currency, locale)],
    [t('movements.account'), account(movement.accountId)?.name ?? ''],
    [t('movements.state'), t(`movements.states.${movement.state}`)],
  ];
  if (movement.type === 'transfer') {
    rows.push([t('movements.toAccount'), to?.name ?? '']);
    if (to && movement.toAmount != null && to.currency !== movement.currency)
      rows.push([t('movements.toAmount'), formatMoney(movement.toAmount, to.currency, locale)]);
  } else if (movement.splits?.length) {
    for (const s of movement.splits)
      rows.push([t('movements.category'), `${category(s.categoryId)} · ${formatMoney(s.amount, movement.currency, locale)}${s.note ? ` · ${s.note}` : ''}`]);
  } else {
    rows.push([t('movements.category'), category(movement.categoryId)]);
  }
  rows.push([t('movements.description'), movement.description]);
  if (movement.tags?.length) rows.push([t('movements.tags'), movement.tags.join(', ')]);
  if (movement.notes) rows.push([t('movements.notes'), movement.notes]);
  return (
    <Stack gap="sm">
      <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, max-content) 1fr', columnGap: 16, rowGap: 8 }}>
        {rows.map(([label, value], i) => (
          <Box key={i} style={{ display: 'contents' }}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} fw={500} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {value || '—'}
            </Text>
          </Box>
        ))}
      </Box>
      <Attachments movementId={movement.id} readOnly />
      <MovementAuthors movement={movement} />
    </Stack>
  );
}
