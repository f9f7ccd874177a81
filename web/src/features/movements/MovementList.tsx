import { type RefObject, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Box } from '@mantine/core';
import { useNarrowerThan } from '@/shared/viewport';
import { elementScroll, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { Account, Category, Movement } from '@/shared/api/types';
import { capitalise, dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { breakpoints } from '@/shared/constants';
import { formatMoney } from '@/shared/money';
import { notifyError } from '@/shared/ui/notify';
import { errorMessage } from '@/shared/ui/problems';
import { useMovementMutations } from './api';
import css from './MovementList.module.css';
import { MovementRow, signed } from './MovementRow';

type Row = { kind: 'day'; date: string; totals: Map<string, number> } | { kind: 'movement'; m: Movement };

/**
 * The list fills the window below where it starts (the page above it varies
 * with the screen). The height goes on the element itself, not through
 * React's state: measuring it renders nothing again.
 */
function useFillHeight(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (el) el.style.height = `calc(100dvh - ${Math.round(el.getBoundingClientRect().top + window.scrollY) + 24}px)`;
    };
    // Before the next frame's layout, not here: measuring here would force a
    // layout of the page in the middle of React's commit.
    const frame = requestAnimationFrame(measure);
    // What is above the list can grow (the filters panel, the selection bar).
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
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

/** The first value of the deferred list: nothing. */
const noMovements: Movement[] = [];

/**
 * A row's height from its ResizeObserver entry (read after layout); when React
 * attaches a row, the height already known or the estimate. The virtualizer's
 * own reads offsetHeight there, which forces a layout of the page in the
 * middle of React's commit.
 */
function measureWithoutLayout(el: Element, entry: ResizeObserverEntry | undefined, v: Virtualizer<HTMLDivElement, Element>): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const i = v.indexFromElement(el);
  return v.itemSizeCache.get(v.options.getItemKey(i)) ?? v.options.estimateSize(i);
}

/**
 * The list box's size, from a ResizeObserver only: its first call comes after
 * the browser's layout. The virtualizer's own reads the size at once, which
 * forces a layout of the page in the middle of React's commit; until the
 * first call the rows fill the screen (initialRect).
 */
function observeRectAfterLayout(v: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) {
  const el = v.scrollElement;
  if (!el) return undefined;
  const read = () => cb({ width: el.clientWidth, height: el.clientHeight });
  if (typeof ResizeObserver === 'undefined') {
    read();
    return undefined;
  }
  const observer = new ResizeObserver(read);
  observer.observe(el, { box: 'content-box' });
  return () => observer.disconnect();
}

/**
 * Scrolls the list box, unless both where it is and where it should go are
 * its top: when the virtualizer starts, it scrolls a new box to its top, and
 * that forces a layout of the page in the middle of React's commit.
 */
function scrollUnlessAtTop(offset: number, options: { adjustments?: number; behavior?: ScrollBehavior }, v: Virtualizer<HTMLDivElement, Element>) {
  if (offset + (options.adjustments ?? 0) === 0 && !v.scrollOffset) return;
  elementScroll(offset, options, v);
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
  const { base, converted, accounts, categories, selected, onToggle, onOpen, people, hasMore, onMore } = props;
  const { update } = useMovementMutations();
  // An editor's click on a movement's mark clears it, or takes it back to uncleared; a reconciled one changes only on the reconcile screen.
  const onState = onToggle
    ? (m: Movement) => update.mutate({ id: m.id, state: m.state === 'cleared' ? 'uncleared' : 'cleared' }, { onError: (e) => notifyError(errorMessage(t, e)) })
    : undefined;
  // The rows are rendered at a transition's priority, in slices that let the
  // browser breathe: the page's data arrives through useSyncExternalStore,
  // whose updates React renders in one blocking piece (on a throttled phone a
  // hundred rows were one task of 400 ms).
  const movements = useDeferredValue(props.movements, noMovements);
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
  useFillHeight(parentRef);
  // The virtualizer's functions are not memoizable; React Compiler skips this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const v = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parentRef.current,
    // A row's usual height (its measure then changes nothing, and renders nothing again).
    estimateSize: (i) => (rows[i]?.kind === 'day' ? 32 : 59),
    overscan: 6,
    // The first render already holds the rows that fit the screen (the box
    // is measured after it; the window's height would make the browser bring
    // its styles up to date in the middle of the render). A test's document
    // has no screen: the window's then.
    initialRect: { width: 0, height: screen.height || window.innerHeight },
    measureElement: measureWithoutLayout,
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollUnlessAtTop,
  });
  const items = v.getVirtualItems();
  const last = items[items.length - 1];
  useEffect(() => {
    if (hasMore && last && last.index >= rows.length - 20) onMore();
  }, [hasMore, last, rows.length, onMore]);
  // A phone gets the short form ("Mon, 23 Nov 2026"), so the day's total fits beside it.
  const narrow = useNarrowerThan(breakpoints.mobile);
  const day = useMemo(
    () => dayFormatter(locale, { weekday: narrow ? 'short' : 'long', day: 'numeric', month: narrow ? 'short' : 'long', year: 'numeric' }),
    [locale, narrow],
  );

  return (
    <Box
      ref={parentRef}
      style={{ minHeight: 320, overflowY: 'auto', border: '1px solid var(--cc-border)', borderRadius: 8 }}
      role="list"
      aria-label={t('movements.title')}
    >
      <div style={{ height: v.getTotalSize(), position: 'relative' }}>
        {items.map((it) => {
          const row = rows[it.index]!;
          const style = { position: 'absolute' as const, top: 0, left: 0, right: 0, transform: `translateY(${it.start}px)` };
          if (row.kind === 'day') {
            return (
              <div key={`d${row.date}`} ref={v.measureElement} data-index={it.index} style={style} className={css.day} role="presentation">
                <span className={css.dayLabel}>{capitalise(day(row.date), locale)}</span>
                <span className={css.dayTotals}>
                  {[...row.totals].map(([cur, total]) => (
                    <span key={cur} className={`${css.dayTotal} cc-amount ${total < 0 ? 'cc-expense' : total > 0 ? 'cc-earning' : ''}`}>
                      {formatMoney(total, cur, locale, { signed: true })}
                    </span>
                  ))}
                </span>
              </div>
            );
          }
          return (
            <MovementRow
              key={row.m.id}
              m={row.m}
              measure={v.measureElement}
              index={it.index}
              style={style}
              byAccount={byAccount}
              byCategory={byCategory}
              selected={selected.has(row.m.id)}
              onToggle={onToggle}
              onState={onState}
              onOpen={onOpen}
              people={people}
              narrow={narrow}
              base={base}
            />
          );
        })}
      </div>
    </Box>
  );
}
