// Movements carry calendar dates ("2026-11-23"), not instants: they are
// formatted as written, in UTC, so that no time zone moves them a day.

/** A formatter of calendar dates ("2026-11-23", or a month's first day) in the locale. */
export function dayFormatter(locale: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): (date: string) => string {
  const f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return (date) => f.format(new Date(`${date}T00:00:00Z`));
}
