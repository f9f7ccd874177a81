import { afterEach, describe, expect, it } from 'vitest';
import { dayFormatter } from './dates';

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
