import { Fragment, useState } from 'react';
import { ActionIcon, Anchor, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { DonutChart } from '@/shared/ui/charts';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localeOf } from '@/shared/i18n';
import { formatMoney, formatPercent } from '@/shared/money';
import { CategoryIcon } from '@/shared/ui/CategoryIcon';
import type { CurrencyCategories } from './api';

function movementsLink(categoryId: string, from: string, to: string, type: string, accountId: string[]) {
  const q = new URLSearchParams({ categoryId, type });
  if (from) q.set('from', from);
  if (to) q.set('to', to);
  if (accountId.length) q.set('accountId', accountId.join(','));
  return `/movements?${q.toString()}`;
}

/** By category: a donut and a table of amounts and shares; subcategories fold into parents. */
export function CategoryReport({ data, from, to, type, accountId }: { data: CurrencyCategories; from: string; to: string; type: string; accountId: string[] }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const fmt = (v: number) => formatMoney(v, data.currency, locale);
  const cell = (id: string, v: number) => (
    <Anchor component={Link} to={movementsLink(id, from, to, type, accountId)} className="cc-amount" size="sm">
      {fmt(v)}
    </Anchor>
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <div aria-hidden inert>
        <DonutChart
          data={data.categories.map((c) => ({ name: c.name, value: c.total, color: c.color || 'gray.6' }))}
          valueFormatter={fmt}
          chartLabel={fmt(data.total)}
          size={220}
          thickness={32}
          withTooltip
          mx="auto"
          h={240}
        />
      </div>
      <Table.ScrollContainer minWidth={320}>
        <Table highlightOnHover withTableBorder verticalSpacing={6} aria-label={t('reports.byCategory')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('reports.category')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('movements.amount')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('reports.share')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.categories.map((c) => {
              const expanded = open.has(c.categoryId);
              const kids = c.children ?? [];
              return (
                <Fragment key={c.categoryId}>
                  <Table.Tr>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {kids.length > 0 ? (
                          <ActionIcon
                            size="sm"
                            variant="subtle"
                            aria-expanded={expanded}
                            aria-label={expanded ? t('reports.hideChildren', { name: c.name }) : t('reports.showChildren', { name: c.name })}
                            onClick={() =>
                              setOpen((s) => {
                                const n = new Set(s);
                                if (n.has(c.categoryId)) n.delete(c.categoryId);
                                else n.add(c.categoryId);
                                return n;
                              })
                            }
                          >
                            {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                          </ActionIcon>
                        ) : (
                          <span style={{ width: 22 }} />
                        )}
                        <CategoryIcon icon={c.icon} color={c.color} size={24} />
                        <Text size="sm" fw={500}>
                          {c.name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{cell(c.categoryId, c.total)}</Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{formatPercent(c.share, locale)}</Text>
                    </Table.Td>
                  </Table.Tr>
                  {expanded &&
                    kids.map((k) => (
                      <Table.Tr key={`${c.categoryId}-${k.categoryId}-${k.name}`}>
                        <Table.Td pl={56}>
                          <Text size="sm">{k.name}</Text>
                        </Table.Td>
                        <Table.Td ta="right">{cell(k.categoryId, k.total)}</Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm">{formatPercent(k.share, locale)}</Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                </Fragment>
              );
            })}
            <Table.Tr>
              <Table.Td>
                <Text size="sm" fw={700}>
                  ∑
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={700} className="cc-amount">
                  {fmt(data.total)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={700}>
                  {formatPercent(10000, locale)}
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SimpleGrid>
  );
}
