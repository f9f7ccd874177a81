import { afterEach, describe, expect, it } from 'vitest';
import { dayFormatter, monthAfter, isoDate, today } from './dates';

describe('dayFormatter', () => {
  const tz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = tz;
  });
  it('writes a calendar date in the language, on the day it names', () => {
    expect(dayFormatter('es-ES')('2026-01-01')).toBe('1 ene 2026');
    expect(dayFormatter('en-GB')('2024-02-29')).toBe('29 Feb 2024');
    expect(dayFormatter('fr-FR', { month: 'short', year: 'numeric' })('2026-12-01')).toBe('déc. 2026');
  });
  it('keeps the day west of Greenwich (no shift to the evening before)', () => {
    process.env.TZ = 'Pacific/Honolulu';
    expect(new Date('2026-01-01T00:00:00Z').getDate()).toBe(31); // the trap it avoids
    expect(dayFormatter('en-GB')('2026-01-01')).toBe('1 Jan 2026');
  });
});

describe('today', () => {
  const tz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = tz;
  });
  it('is the date where the user is, late in the evening west of Greenwich', () => {
    process.env.TZ = 'Pacific/Honolulu';
    const evening = new Date(2026, 0, 31, 23, 30); // 09:30 on 1 February in UTC
    expect(evening.toISOString().slice(0, 10)).toBe('2026-02-01'); // the trap it avoids
    expect(today(evening)).toBe('2026-01-31');
  });
  it('is the date where the user is, just after midnight east of Greenwich', () => {
    process.env.TZ = 'Europe/Madrid';
    expect(today(new Date(2026, 2, 1, 0, 30))).toBe('2026-03-01');
  });
});

describe('isoDate', () => {
  it('pads, and rolls months and days over', () => {
    expect(isoDate(2026, 0, 5)).toBe('2026-01-05');
    expect(isoDate(2024, 2, 0)).toBe('2024-02-29');
    expect(isoDate(2024, -1, 1)).toBe('2023-12-01');
    expect(isoDate(2024, 12, 1)).toBe('2025-01-01');
  });
});

describe('monthAfter', () => {
  it('keeps the day, or takes the next month’s last', () => {
    expect(monthAfter('2026-11-24')).toBe('2026-12-24');
    expect(monthAfter('2026-01-31')).toBe('2026-02-28');
    expect(monthAfter('2028-01-30')).toBe('2028-02-29');
    expect(monthAfter('2026-12-31')).toBe('2027-01-31');
  });
});
