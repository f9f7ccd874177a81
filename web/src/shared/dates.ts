// Movements carry calendar dates ("2026-11-23"), not instants: they are
// formatted as written, in UTC, so that no time zone moves them a day.

export { browserTimeZone } from './timeZone';

/** A formatter of calendar dates ("2026-11-23", or a month's first day) in the locale. */
export function dayFormatter(locale: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): (date: string) => string {
  const f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return (date) => f.format(new Date(`${date}T00:00:00Z`));
}

/** The text with its first letter in upper case, for a formatted day that begins a line ("lunes, 23 de noviembre" → "Lunes, 23 de noviembre"). */
export function capitalise(s: string, locale: string): string {
  return s.charAt(0).toLocaleUpperCase(locale) + s.slice(1);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date of a year, a month (0-11) and a day; months and days past
 * the end roll over, and day 0 is the last day of the month before. */
export function isoDate(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month, day));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The same day of the next month, or its last day when shorter ("2026-01-31" → "2026-02-28"). */
export function monthAfter(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return isoDate(y, m, Math.min(d, new Date(Date.UTC(y, m + 1, 0)).getUTCDate()));
}

/** Today's calendar date where the user is (not in UTC). */
export function today(now: Date = new Date()): string {
  return isoDate(now.getFullYear(), now.getMonth(), now.getDate());
}
