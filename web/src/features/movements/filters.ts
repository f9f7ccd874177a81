import type { MovementType } from '@/shared/api/types';

/** A movement's state against the bank. */
export type MovementState = 'uncleared' | 'cleared' | 'reconciled';
const states: readonly string[] = ['uncleared', 'cleared', 'reconciled'];

/** The list's filters; they live in the URL so reload, back and links keep them. */
export interface MovementFilters {
  from: string;
  to: string;
  type: MovementType[];
  accountId: string[];
  categoryId: string[];
  tag: string[];
  minAmount: string; // minor units, as in the URL
  maxAmount: string;
  q: string;
  order: 'desc' | 'asc';
  state: MovementState[];
}

const list = (v: string | null) => (v ? v.split(',').filter(Boolean) : []);

export function readFilters(p: URLSearchParams): MovementFilters {
  return {
    from: p.get('from') ?? '',
    to: p.get('to') ?? '',
    type: list(p.get('type')).filter((t): t is MovementType => t === 'expense' || t === 'earning' || t === 'transfer'),
    accountId: list(p.get('accountId')),
    categoryId: list(p.get('categoryId')),
    tag: list(p.get('tag')),
    minAmount: p.get('minAmount') ?? '',
    maxAmount: p.get('maxAmount') ?? '',
    q: p.get('q') ?? '',
    order: p.get('order') === 'asc' ? 'asc' : 'desc',
    state: list(p.get('state')).filter((s): s is MovementState => states.includes(s)),
  };
}

export function writeFilters(f: MovementFilters): URLSearchParams {
  const p = new URLSearchParams();
  const set = (k: string, v: string | string[]) => {
    const s = Array.isArray(v) ? v.join(',') : v;
    if (s) p.set(k, s);
  };
  set('from', f.from);
  set('to', f.to);
  set('type', f.type);
  set('accountId', f.accountId);
  set('categoryId', f.categoryId);
  set('tag', f.tag);
  set('minAmount', f.minAmount);
  set('maxAmount', f.maxAmount);
  set('q', f.q);
  set('state', f.state);
  if (f.order === 'asc') p.set('order', 'asc');
  return p;
}

export function activeFilterCount(f: MovementFilters): number {
  return (
    [f.from, f.to, f.minAmount, f.maxAmount, f.q].filter(Boolean).length +
    f.type.length +
    f.accountId.length +
    f.categoryId.length +
    f.tag.length +
    f.state.length
  );
}
