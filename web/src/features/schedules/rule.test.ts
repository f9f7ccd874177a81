import { describe, expect, it } from 'vitest';
import { createI18n } from '@/shared/i18n';
import en from '@/shared/i18n/en';
import es from '@/shared/i18n/es';
import { describeRule } from './rule';

const base = { interval: 1, day: 0, startDate: '2026-11-27', endDate: '', count: 0 };

describe('describeRule', () => {
  it('says each frequency in words, with its end', () => {
    const t = createI18n('en', { en }).t;
    expect(describeRule(t, { ...base, frequency: 'daily' }, 'en-GB')).toBe('Every day');
    expect(describeRule(t, { ...base, frequency: 'weekly', interval: 2 }, 'en-GB')).toBe('Every 2 weeks on Friday');
    expect(describeRule(t, { ...base, frequency: 'monthly', day: 31 }, 'en-GB')).toBe('Every month on its last day');
    expect(describeRule(t, { ...base, frequency: 'monthly', day: 5, count: 12 }, 'en-GB')).toBe('Every month on day 5, 12 times');
    expect(describeRule(t, { ...base, frequency: 'yearly', endDate: '2030-11-27' }, 'en-GB')).toBe('Every year on 27 November, until 27 Nov 2030');
  });
  it('speaks Spanish', () => {
    const t = createI18n('es', { es }).t;
    expect(describeRule(t, { ...base, frequency: 'monthly', interval: 3, day: 1 }, 'es-ES')).toBe('Cada 3 meses el día 1');
  });
});
