// Report periods: presets resolved to inclusive dates against "today".
export type PeriodKey = 'thisMonth' | 'lastMonth' | 'thisYear' | 'last12' | 'all' | 'custom';
export const periodKeys: PeriodKey[] = ['thisMonth', 'lastMonth', 'thisYear', 'last12', 'all', 'custom'];

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => {
  const dt = new Date(Date.UTC(y, m, d));
  return `${dt.getUTCFullYear()}-${pad(dt.getUTCMonth() + 1)}-${pad(dt.getUTCDate())}`;
};

/** The dates of a preset; 'all' leaves from empty (the server starts at the first movement). */
export function resolvePeriod(key: PeriodKey, today: Date, custom: { from: string; to: string } = { from: '', to: '' }): { from: string; to: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  switch (key) {
    case 'thisMonth':
      return { from: iso(y, m, 1), to: iso(y, m + 1, 0) };
    case 'lastMonth':
      return { from: iso(y, m - 1, 1), to: iso(y, m, 0) };
    case 'thisYear':
      return { from: iso(y, 0, 1), to: iso(y, 11, 31) };
    case 'last12':
      return { from: iso(y, m - 11, 1), to: iso(y, m, d) };
    case 'all':
      return { from: '', to: iso(y, m, d) };
    case 'custom':
      return custom;
  }
}
