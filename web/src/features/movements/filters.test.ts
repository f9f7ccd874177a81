import { describe, expect, it } from 'vitest';
import { activeFilterCount, readFilters, writeFilters } from './filters';

describe('movement filters in the URL', () => {
  it('round-trips', () => {
    const p = new URLSearchParams('from=2026-01-01&type=expense,earning&categoryId=4&q=super&order=asc&minAmount=1000');
    const f = readFilters(p);
    expect(f.type).toEqual(['expense', 'earning']);
    expect(f.categoryId).toEqual(['4']);
    expect(writeFilters(f).toString()).toBe('from=2026-01-01&type=expense%2Cearning&categoryId=4&minAmount=1000&q=super&order=asc');
    expect(activeFilterCount(f)).toBe(6);
  });
  it('drops unknown types and defaults to newest first', () => {
    const f = readFilters(new URLSearchParams('type=gift,expense'));
    expect(f.type).toEqual(['expense']);
    expect(f.order).toBe('desc');
  });
  it('keeps the known states, and counts them', () => {
    const f = readFilters(new URLSearchParams('state=uncleared,lost,cleared'));
    expect(f.state).toEqual(['uncleared', 'cleared']);
    expect(writeFilters(f).toString()).toBe('state=uncleared%2Ccleared');
    expect(activeFilterCount(f)).toBe(2);
  });
});
