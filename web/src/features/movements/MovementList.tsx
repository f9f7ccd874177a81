import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Badge, Box, Checkbox, Group, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowsExchange, IconArrowsSplit2, IconPaperclip } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { Account, Category, Movement } from '@/shared/api/types';
import { dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { breakpoints } from '@/shared/constants';
import { splitCategoryNames } from '@/shared/categories';
import { formatMoney } from '@/shared/money';
import { CategoryIcon } from '@/shared/ui/CategoryIcon';
import { ConvertedNote } from '@/shared/ui/Converted';
import { authorsNote } from './authors';

type Row = { kind: 'day'; date: string; totals: Map<string, number> } | { kind: 'movement'; m: Movement };

/** The text with its first letter in upper case ("lunes, 23 de noviembre" → "Lunes, 23 de noviembre"). */
function capitalise(s: string, locale: string): string {
  return s.charAt(0).toLocaleUpperCase(locale) + s.slice(1);
}

/** The list fills the window below where it starts (the page above it varies with the screen). */
function useFillHeight(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(330);
  useLayoutEffect(() => {
    const measure = () => {
      if (ref.current) setTop(Math.round(ref.current.getBoundingClientRect().top + window.scrollY) + 24);
    };
    measure();
    // What is above the list can grow (the filters panel, the selection bar).
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return top;
}

/** Up to this many categories a split row names them all ("Groceries + Cleaning"); more, it counts them. */
const NAMED_SPLITS = 3;

function signed(m: Movement): number {
  return m.type === 'earning' ? m.amount : -m.amount;
}

/**
 * The day's totals: per currency; or, converted, in the base currency, with
 * the movements that lack a rate left in their own currency (never counted
 * as 1). The server rounds each movement, so the sum of the rows is exact.
 */
export function dayTotals(day: Movement[], base: string | undefined, converted: boolean): Map<string, number> {
  const totals = new Map<string, number>();
  for (const m of day) {
    if (m.type === 'transfer') continue;
    let cur = m.currency;
    let v = signed(m);
    if (converted && base && m.currency !== base && typeof m.baseAmount === 'number') {
      cur = base;
      v = m.type === 'earning' ? m.baseAmount : -m.baseAmount;
    }
    totals.set(cur, (totals.get(cur) ?? 0) + v);
  }
  // The base currency's total first.
  if (!converted || !base || !totals.has(base)) return totals;
  return new Map([[base, totals.get(base)!], ...[...totals].filter(([c]) => c !== base)]);
}

/** Movements grouped by day with day totals (per currency, or converted), virtualised. */
export function MovementList(props: {
  movements: Movement[];
  /** The ledger's base currency (movements in another show their converted amount). */
  base: string | undefined;
  /** Day totals in the base currency. */
  converted: boolean;
  accounts: Account[];
  categories: Category[];
  selected: Set<string>;
  /** Without it (a viewer of the ledger) rows have no checkbox and open to be read, not edited. */
  onToggle?: (id: string) => void;
  onOpen: (m: Movement) => void;
  /** In a shared ledger, its members by id: each row says who recorded it (and who changed it). */
  people?: Map<string, string> | null;
  hasMore: boolean;
  onMore: () => void;
}) {
  const { movements, base, converted, accounts, categories, selected, onToggle, onOpen, people, hasMore, onMore } = props;
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const rows = useMemo(() => {
    const out: Row[] = [];
    let i = 0;
    while (i < movements.length) {
      const date = movements[i]!.date;
      let j = i;
      while (j < movements.length && movements[j]!.date === date) j++;
      const day = movements.slice(i, j);
      out.push({ kind: 'day', date, totals: dayTotals(day, base, converted) });
      for (const m of day) out.push({ kind: 'movement', m });
      i = j;
    }
    return out;
  }, [movements, base, converted]);
  const byAccount = useMemo(() => new Map(accounts.map((a) => [a.id, a])), [accounts]);
  const byCategory = useMemo(() => new Map(categories.map((c) => [c.id, c])), [categories]);
  const parentRef = useRef<HTMLDivElement>(null);
  const top = useFillHeight(parentRef);
  // The virtualizer's functions are not memoizable; React Compiler skips this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const v = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parentRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'day' ? 36 : 60),
    overscan: 12,
  });
  const items = v.getVirtualItems();
  const last = items[items.length - 1];
  useEffect(() => {
    if (hasMore && last && last.index >= rows.length - 20) onMore();
  }, [hasMore, last, rows.length, onMore]);
  // A phone gets the short form ("Mon, 23 Nov 2026"), so the day's total fits beside it.
  const narrow = useMediaQuery(`(max-width: ${breakpoints.mobile - 1}px)`) ?? false;
  const day = useMemo(
    () => dayFormatter(locale, { weekday: narrow ? 'short' : 'long', day: 'numeric', month: narrow ? 'short' : 'long', year: 'numeric' }),
    [locale, narrow],
  );

  return (
    <Box
      ref={parentRef}
      style={{ height: `calc(100dvh - ${top}px)`, minHeight: 320, overflowY: 'auto', border: '1px solid var(--cc-border)', borderRadius: 8 }}
      role="list"
      aria-label={t('movements.title')}
    >
      <div style={{ height: v.getTotalSize(), position: 'relative' }}>
        {items.map((it) => {
          const row = rows[it.index]!;
          const style = { position: 'absolute' as const, top: 0, left: 0, right: 0, transform: `translateY(${it.start}px)` };
          if (row.kind === 'day') {
            return (
              <Group
                key={`d${row.date}`}
                ref={v.measureElement}
                data-index={it.index}
                style={{ ...style, background: 'var(--mantine-color-default-hover)' }}
                px="sm"
                py={6}
                justify="space-between"
                wrap="nowrap"
                role="presentation"
              >
                <Text size="sm" fw={600} truncate style={{ minWidth: 0 }}>
                  {capitalise(day(row.date), locale)}
                </Text>
                <Group gap="sm" wrap="nowrap">
                  {[...row.totals].map(([cur, total]) => (
                    <Text key={cur} size="sm" fw={600} className={`cc-amount ${total < 0 ? 'cc-expense' : total > 0 ? 'cc-earning' : ''}`}>
                      {formatMoney(total, cur, locale, { signed: true })}
                    </Text>
                  ))}
                </Group>
              </Group>
            );
          }
          const m = row.m;
          const cat = m.categoryId ? byCategory.get(m.categoryId) : undefined;
          const parent = cat?.parentId ? byCategory.get(cat.parentId) : undefined;
          const acc = byAccount.get(m.accountId);
          const to = m.toAccountId ? byAccount.get(m.toAccountId) : undefined;
          // A split row names its lines' categories, not a category of its own.
          const splitNames = m.splits?.length ? splitCategoryNames(m.splits, byCategory) : null;
          const splitLabel =
            splitNames && (splitNames.length <= NAMED_SPLITS ? splitNames.join(' + ') : t('movements.split.categories', { count: splitNames.length }));
          const authors = people ? authorsNote(t, people, m) : null;
          const title = m.description || (splitNames ? splitNames.join(' + ') : cat ? cat.name : t('movements.types.transfer'));
          return (
            <Group
              key={m.id}
              ref={v.measureElement}
              data-index={it.index}
              style={{ ...style, borderBottom: '1px solid var(--cc-border)' }}
              px="sm"
              py={8}
              wrap="nowrap"
              gap="sm"
              role="listitem"
            >
              {onToggle && <Checkbox checked={selected.has(m.id)} onChange={() => onToggle(m.id)} aria-label={`${t('movements.selectRow')}: ${title}`} />}
              <UnstyledButton onClick={() => onOpen(m)} style={{ flex: 1, minWidth: 0 }}>
                {/* Named by what it shows, after what it does: "Edit: Groceries, Food › Groceries · Bank, -€12.50". */}
                <VisuallyHidden>{`${onToggle ? t('common.edit') : t('common.view')}: `}</VisuallyHidden>
                <Group wrap="nowrap" gap="sm">
                  {m.type === 'transfer' ? (
                    <CategoryIcon icon="" color="gray" size={34} />
                  ) : splitNames ? (
                    <ThemeIcon size={34} radius="xl" color="gray" variant="filled" aria-hidden>
                      <IconArrowsSplit2 size={20} />
                    </ThemeIcon>
                  ) : (
                    <CategoryIcon icon={cat?.icon ?? ''} color={cat?.color ?? ''} size={34} />
                  )}
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Group gap={4} wrap="nowrap">
                      <Text fw={500} truncate>
                        {title}
                      </Text>
                      {(m.attachments ?? 0) > 0 && (
                        <>
                          <IconPaperclip size={14} aria-hidden style={{ flex: 'none' }} />
                          <VisuallyHidden>{`, ${t('attachments.count', { count: m.attachments ?? 0 })}`}</VisuallyHidden>
                        </>
                      )}
                    </Group>
                    <Group gap={6} wrap="nowrap">
                      <Text size="xs" c="dimmed" truncate>
                        {m.type === 'transfer'
                          ? `${acc?.name ?? ''} → ${to?.name ?? ''}`
                          : splitLabel !== null
                            ? `${splitLabel} · ${acc?.name ?? ''}`
                            : `${parent ? `${parent.name} › ` : ''}${cat?.name ?? ''} · ${acc?.name ?? ''}`}
                        {authors && !narrow && ` · ${authors}`}
                      </Text>
                      {splitNames && splitNames.length > NAMED_SPLITS && <VisuallyHidden>{`(${splitNames.join(', ')})`}</VisuallyHidden>}
                      {m.tags.slice(0, 3).map((tag) => (
                        <Badge key={tag} size="xs" variant="light">
                          {tag}
                        </Badge>
                      ))}
                    </Group>
                    {/* A phone has no room beside the category and account: who recorded it gets its own line. */}
                    {authors && narrow && (
                      <Text size="xs" c="dimmed" truncate>
                        {authors}
                      </Text>
                    )}
                  </div>
                  <div>
                    {m.type === 'transfer' ? (
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <IconArrowsExchange size={16} aria-hidden />
                        <Text className="cc-amount" fw={600}>
                          {formatMoney(m.amount, m.currency, locale)}
                        </Text>
                      </Group>
                    ) : (
                      <Text className={`cc-amount ${m.type === 'expense' ? 'cc-expense' : 'cc-earning'}`} fw={600} ta="right">
                        {formatMoney(signed(m), m.currency, locale, { signed: true })}
                      </Text>
                    )}
                    <ConvertedNote m={m} base={base} />
                  </div>
                </Group>
              </UnstyledButton>
            </Group>
          );
        })}
      </div>
    </Box>
  );
}
