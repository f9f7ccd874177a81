// An exchange rate as a person types it, checked as the server checks it: a
// positive decimal with at most 12 digits before and 12 after the point.
// Kept as a string from the keyboard to the database: never a float.

const MAX_DIGITS = 12;

/**
 * "0,92" or "0.92" → "0.92"; null for anything else (a sign, letters, a
 * thousands separator, zero, too many digits). Either separator is read as
 * the decimal one (a rate has no thousands to group).
 */
export function parseRate(input: string): string | null {
  const s = input.trim().replace(/[\s\u00a0\u202f]/g, '');
  const m = /^(\d*)(?:[.,](\d*))?$/.exec(s);
  if (!m) return null;
  let whole = m[1] ?? '';
  let frac = m[2] ?? '';
  if (whole === '' && frac === '') return null;
  whole = whole.replace(/^0+(?=\d)/, '') || '0';
  frac = frac.replace(/0+$/, '');
  if (whole.length > MAX_DIGITS || frac.length > MAX_DIGITS) return null;
  if (/^0*$/.test(whole + frac)) return null;
  return frac ? `${whole}.${frac}` : whole;
}

/** The rate as the user would type it back, for the edit form ("0,92" in es and fr). */
export function rateInput(rate: string, lang: string): string {
  return lang === 'en' ? rate : rate.replace('.', ',');
}
