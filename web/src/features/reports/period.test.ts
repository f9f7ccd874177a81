import { describe, expect, it } from 'vitest';
import { resolvePeriod } from './period';

describe('report periods', () => {
  const today = new Date(2024, 2, 15); // 15 March 2024, a leap year
  it.each([
    ['thisMonth', '2024-03-01', '2024-03-31'],
    ['lastMonth', '2024-02-01', '2024-02-29'],
    ['thisYear', '2024-01-01', '2024-12-31'],
    ['last12', '2023-04-01', '2024-03-15'],
    ['all', '', '2024-03-15'],
  ] as const)('%s', (key, from, to) => {
    expect(resolvePeriod(key, today)).toEqual({ from, to });
  });
  it('last month across a year boundary', () => {
    expect(resolvePeriod('lastMonth', new Date(2026, 0, 10))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
  it('custom passes through', () => {
    expect(resolvePeriod('custom', today, { from: '2024-01-05', to: '2024-02-01' })).toEqual({ from: '2024-01-05', to: '2024-02-01' });
  });
});
