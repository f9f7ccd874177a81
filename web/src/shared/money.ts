// Money is integer minor units everywhere; these helpers only format and
// parse, with string arithmetic (never a float).
import type { CustomCurrency } from './api/types';

const exponentCache = new Map<string, number>();

/** A ledger's own currency (a cryptocurrency, loyalty points): not ISO 4217, so Intl does not know it. */
export type CurrencyUnit = CustomCurrency;

const ledgerUnits = new Map<string, CurrencyUnit>();

/** The ledger's own currencies, for every amount formatted or parsed from now on (useCurrencyBook loads them). */
export function registerCurrencies(units: readonly CurrencyUnit[]) {
  ledgerUnits.clear();
  for (const u of units) ledgerUnits.set(u.code, u);
  exponentCache.clear();
}

let intlCodes: Set<string> | null = null;

/** Whether Intl formats this code as a currency of its own knowledge (an ISO 4217 code). */
export function isIntlCurrency(code: string): boolean {
  intlCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return intlCodes.has(code);
}

/** Decimals of a currency: a ledger's own, else ISO 4217's as Intl knows them (JPY 0, EUR 2, BHD 3). */
export function exponentOf(currency: string): number {
  const unit = ledgerUnits.get(currency);
  if (unit) return unit.decimals;
  let e = exponentCache.get(currency);
  if (e === undefined) {
    try {
      e = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      e = 2;
    }
    exponentCache.set(currency, e);
  }
  return e;
}

/** "-1234.50" for (-123450, 2): the exact decimal as a string. */
export function toDecimalString(minor: number, exponent: number): string {
  const neg = minor < 0;
  let digits = String(Math.abs(Math.trunc(minor)));
  if (exponent > 0) {
    digits = digits.padStart(exponent + 1, '0');
    digits = `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  }
  return neg ? `-${digits}` : digits;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats minor units in the currency and the user's locale. */
export function formatMoney(minor: number, currency: string, locale: string, opts: { signed?: boolean } = {}): string {
  const signDisplay = opts.signed ? 'exceptZero' : 'auto';
  const exponent = exponentOf(currency);
  // format() takes a decimal string exactly (Intl.NumberFormat v3).
  const decimal = toDecimalString(minor, exponent) as unknown as number;
  const unit = ledgerUnits.get(currency);
  if (unit || !isIntlCurrency(currency)) {
    // A unit Intl does not know: the number in the locale, then its symbol (or code).
    const key = `${locale}|#${exponent}|${signDisplay}`;
    let f = formatters.get(key);
    if (!f) {
      f = new Intl.NumberFormat(locale, { minimumFractionDigits: exponent, maximumFractionDigits: exponent, signDisplay });
      formatters.set(key, f);
    }
    return `${f.format(decimal)}\u00a0${unit?.symbol || currency}`;
  }
  const key = `${locale}|${currency}|${signDisplay}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, signDisplay });
    formatters.set(key, f);
  }
  return f.format(decimal);
}

/** Basis points (10000 = 100 %) as a percentage in the locale. */
export function formatPercent(bp: number, locale: string, signed = false): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: signed ? 'exceptZero' : 'auto' }).format(
    `${toDecimalString(bp, 4)}` as unknown as number,
  );
}

/**
 * Parses what a person types ("12,50", "12.50", "1.234,56", "1,234.56", "12")
 * into minor units. The decimal separator is the language's (',' for es/fr,
 * '.' for en) but a lone other separator followed by 1..exponent digits is
 * read as decimals too. Returns null for anything that is not an amount.
 */
export function parseAmount(input: string, lang: string, exponent: number): number | null {
  let s = input.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (s.startsWith('+')) s = s.slice(1);
  if (!/^\d[\d.,]*$/.test(s)) return null;
  const preferred = lang === 'en' ? '.' : ',';
  const other = preferred === ',' ? '.' : ',';
  let decimal: string | null = null;
  if (s.includes(preferred)) decimal = preferred;
  else if (s.includes(other)) {
    const parts = s.split(other);
    const last = parts[parts.length - 1] ?? '';
    if (parts.length === 2 && last.length > 0 && last.length <= exponent && last.length !== 3) decimal = other;
  }
  let whole = s;
  let frac = '';
  if (decimal) {
    if (s.indexOf(decimal) !== s.lastIndexOf(decimal)) return null;
    const i = s.lastIndexOf(decimal);
    whole = s.slice(0, i);
    frac = s.slice(i + 1);
    if (frac.includes('.') || frac.includes(',')) return null;
  }
  // Thousands separators must group by three: 1.234.567 yes, 12.50.1 no.
  if (/[.,]/.test(whole) && !/^\d{1,3}([.,]\d{3})+$/.test(whole)) return null;
  whole = whole.replace(/[.,]/g, '');
  if (frac.length > exponent || whole === '') return null;
  const minor = Number(whole + frac.padEnd(exponent, '0'));
  if (!Number.isSafeInteger(minor) || minor > 1e15) return null;
  return minor;
}

/** The amount as the user would type it back, for edit forms. */
export function amountInput(minor: number, exponent: number, lang: string): string {
  const s = toDecimalString(minor, exponent);
  return lang === 'en' ? s : s.replace('.', ',');
}

const currencyNames = new Map<string, Intl.DisplayNames | null>();

/** "US Dollar" for ("USD", "en"); a ledger's own currency's name; else the code itself. */
export function currencyName(code: string, locale: string): string {
  const unit = ledgerUnits.get(code);
  if (unit) return unit.name || code;
  let names = currencyNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(locale, { type: 'currency', fallback: 'code' });
    } catch {
      names = null;
    }
    currencyNames.set(locale, names);
  }
  return names?.of(code) ?? code;
}

/** The currencies in a list the language's way: "USD, JPY and GBP". */
export function currencyList(codes: readonly string[], locale: string): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(codes);
}

/** An exchange rate (an exact decimal string, "0.92") in the locale ("0,92"), every digit kept. */
export function formatRate(rate: string, locale: string): string {
  // format() takes a decimal string exactly (Intl.NumberFormat v3); 12 decimals is the most a rate has.
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 12 }).format(rate as unknown as number);
}
