// Apart from dates.ts: the sign-in page needs only this (see pages.json's guest pages).

/** The browser's IANA time zone ("Europe/Madrid"; "" when it does not say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}
