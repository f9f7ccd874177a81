// Money is integer minor units everywhere; these helpers only format and
// parse, with string arithmetic (never a float).

const exponentCache = new Map<string, number>();

/** Decimals of an ISO 4217 currency (JPY 0, EUR 2, BHD 3), as Intl knows them. */
export function exponentOf(currency: string): number {
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
  const key = `${locale}|${currency}|${opts.signed ? 1 : 0}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, signDisplay: opts.signed ? 'exceptZero' : 'auto' });
    formatters.set(key, f);
  }
  // format() takes a decimal string exactly (Intl.NumberFormat v3).
  return f.format(toDecimalString(minor, exponentOf(currency)) as unknown as number);
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
