import type { BankConnection } from './api';

/** The translated message of a stored failure's code (errors.<code>; an unknown one says 'internal error'). */
export function codeMessage(t: (k: string) => string, code: string): string {
  const key = `errors.${code}`;
  const msg = t(key);
  return msg === key ? t('errors.internal') : msg;
}

/** A connection's name: its bank, else its provider. */
export function connectionName(t: (k: string) => string, c: BankConnection): string {
  return c.institution || t(`banks.provider_${c.provider}`);
}
