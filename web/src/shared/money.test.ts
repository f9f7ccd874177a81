import { describe, expect, it } from 'vitest';
import { amountInput, currencyName, exponentOf, formatMoney, parseAmount, registerCurrencies, toDecimalString } from './money';

describe('money', () => {
  it('knows currency exponents', () => {
    expect(exponentOf('EUR')).toBe(2);
    expect(exponentOf('JPY')).toBe(0);
    expect(exponentOf('BHD')).toBe(3);
  });
  it('writes exact decimals', () => {
    expect(toDecimalString(123450, 2)).toBe('1234.50');
    expect(toDecimalString(-5, 2)).toBe('-0.05');
    expect(toDecimalString(7, 0)).toBe('7');
  });
  it('formats in the locale', () => {
    expect(formatMoney(123450, 'EUR', 'es-ES').replace(/\s/g, ' ')).toBe('1234,50 €');
    expect(formatMoney(123450, 'USD', 'en-GB')).toBe('US$1,234.50');
    expect(formatMoney(1500, 'JPY', 'en-GB')).toBe('JP¥1,500');
    expect(formatMoney(-999, 'EUR', 'fr-FR').replace(/\s/g, ' ')).toBe('-9,99 €');
  });
  it.each([
    ['12,50', 'es', 2, 1250],
    ['12.50', 'en', 2, 1250],
    ['12.5', 'es', 2, 1250],
    ['1.234,56', 'es', 2, 123456],
    ['1,234.56', 'en', 2, 123456],
    ['1.234', 'es', 2, 123400],
    ['12', 'fr', 2, 1200],
    ['1 234,5', 'fr', 2, 123450],
    ['1500', 'en', 0, 1500],
    ['0,125', 'es', 3, 125],
  ])('parses %s (%s, exp %i) as %i', (input, lang, exp, want) => {
    expect(parseAmount(input, lang, exp)).toBe(want);
  });
  it.each([['abc'], [''], ['12,345'], ['-5'], ['1,2,3'], ['12.50.1']])('refuses %s', (input) => {
    expect(parseAmount(input, 'es', 2)).toBeNull();
  });
  it('writes edit values back in the language', () => {
    expect(amountInput(1250, 2, 'es')).toBe('12,50');
    expect(amountInput(1250, 2, 'en')).toBe('12.50');
  });

  it('formats and parses a ledger’s own currency with its decimals and symbol, and never fails on a code it does not know', () => {
    expect(formatMoney(150, 'POINTS', 'en-GB')).toBe('1.50\u00a0POINTS');
    registerCurrencies([
      { code: 'SATS', name: 'Satoshis', symbol: 'sat', decimals: 0 },
      { code: 'BTC8', name: 'Bitcoin', symbol: '₿', decimals: 8 },
    ]);
    try {
      expect(exponentOf('BTC8')).toBe(8);
      expect(formatMoney(123456789, 'BTC8', 'es-ES', { signed: true })).toBe('+1,23456789\u00a0₿');
      expect(formatMoney(-1500, 'SATS', 'en-GB')).toBe('-1,500\u00a0sat');
      expect(parseAmount('0,5', 'es', exponentOf('BTC8'))).toBe(50000000);
      expect(currencyName('BTC8', 'en')).toBe('Bitcoin');
      expect(formatMoney(123450, 'EUR', 'en-GB')).toBe('€1,234.50');
    } finally {
      registerCurrencies([]);
    }
    expect(exponentOf('BTC8')).toBe(2);
  });
});
