// Report periods: presets resolved to inclusive dates against "today".
import { isoDate } from '@/shared/dates';

export type PeriodKey = 'thisMonth' | 'lastMonth' | 'thisYear' | 'last12' | 'all' | 'custom';
export const periodKeys: PeriodKey[] = ['thisMonth', 'lastMonth', 'thisYear', 'last12', 'all', 'custom'];

/** The dates of a preset; 'all' leaves from empty (the server starts at the first movement). */
export function resolvePeriod(key: PeriodKey, today: Date, custom: { from: string; to: string } = { from: '', to: '' }): { from: string; to: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  switch (key) {
    case 'thisMonth':
      return { from: isoDate(y, m, 1), to: isoDate(y, m + 1, 0) };
    case 'lastMonth':
      return { from: isoDate(y, m - 1, 1), to: isoDate(y, m, 0) };
    case 'thisYear':
      return { from: isoDate(y, 0, 1), to: isoDate(y, 11, 31) };
    case 'last12':
      return { from: isoDate(y, m - 11, 1), to: isoDate(y, m, d) };
    case 'all':
      return { from: '', to: isoDate(y, m, d) };
    case 'custom':
      return custom;
  }
}
