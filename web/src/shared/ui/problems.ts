import type { TFunction } from 'i18next';
import { isProblem } from '../api/client';

/** The translated message of any error (problem code, else a generic one). */
export function errorMessage(t: TFunction, e: unknown): string {
  if (isProblem(e)) {
    // A wait of a minute or more (Retry-After) says how many minutes.
    if (e.code === 'rate_limited' && e.retryAfter !== null && e.retryAfter >= 60) {
      return t('errors.rate_limited_wait', { count: Math.ceil(e.retryAfter / 60) });
    }
    const key = `errors.${e.code}`;
    const params = e.body.params;
    // A `kind` param (what an unread file is) picks the message of that kind: errors.<code>_<kind>.
    const opts = params && typeof params === 'object' ? (params as Record<string, string>) : undefined;
    const msg = opts ? t(key, { ...opts, context: opts.kind }) : t(key);
    return msg === key ? t('errors.internal') : msg;
  }
  return t('errors.internal');
}

/** Translated field errors of a problem, keyed by field name. */
export function fieldErrors(t: TFunction, e: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isProblem(e)) {
    for (const f of e.errors) {
      const key = `fieldErrors.${f.code}`;
      const msg = t(key);
      out[f.field] ??= msg === key ? t('fieldErrors.invalid') : msg;
    }
  }
  return out;
}

/** The fields that carry a one-time code (an authenticator's or a recovery code). */
const codeFields = ['code', 'recoveryCode'];

/** fieldErrors, where a one-time code's `mismatch` says what it means: wrong, or already used. */
export function codeFieldErrors(t: TFunction, e: unknown): Record<string, string> {
  const out = fieldErrors(t, e);
  if (isProblem(e)) for (const f of codeFields) if (e.fieldCode(f) === 'mismatch') out[f] = t('twoFactor.codeMismatch');
  return out;
}
