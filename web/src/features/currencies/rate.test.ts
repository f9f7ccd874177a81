import { describe, expect, it } from 'vitest';
import { parseRate, rateInput } from './rate';

describe('parseRate', () => {
  it('reads either separator as the decimal one and keeps every digit as a string', () => {
    expect(parseRate('0.92')).toBe('0.92');
    expect(parseRate(' 0,92 ')).toBe('0.92');
    expect(parseRate('1.084212345678')).toBe('1.084212345678');
    expect(parseRate('157')).toBe('157');
    expect(parseRate('157,')).toBe('157');
    expect(parseRate(',5')).toBe('0.5');
    expect(parseRate('007.50')).toBe('7.5');
    expect(parseRate('999999999999.999999999999')).toBe('999999999999.999999999999');
  });
  it('refuses what the server refuses: zero, a sign, letters, grouping, more than 12 digits a side', () => {
    for (const bad of ['', ' ', '0', '0,000', '-1', '+1', '1e3', 'abc', '1.234,5', '1,234.5', '1.2.3', '1234567890123', '0.1234567890123', '.', ','])
      expect(parseRate(bad), bad).toBeNull();
  });
  it('writes a rate back in the language’s way', () => {
    expect(rateInput('0.92', 'es')).toBe('0,92');
    expect(rateInput('0.92', 'en')).toBe('0.92');
    expect(rateInput('157', 'fr')).toBe('157');
  });
});
