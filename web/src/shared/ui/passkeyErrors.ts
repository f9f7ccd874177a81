import type { TFunction } from 'i18next';
import { isProblem } from '../api/client';
import { errorMessage } from './problems';

// What went wrong with a passkey, for its user: the server's problems, and
// the browser's own errors (DOMException names, which @simplewebauthn/browser
// keeps on the errors it throws). The sign-in page and the profile say the
// same things.

/**
 * The user closed the browser's passkey dialog, or let it time out (browsers
 * say NotAllowedError for both, on purpose): nothing went wrong, and the
 * page says so calmly.
 */
export function isPasskeyCancelled(e: unknown): boolean {
  return e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError');
}

/** The translated message of a passkey ceremony's failure. */
export function passkeyErrorMessage(t: TFunction, e: unknown): string {
  if (isProblem(e)) {
    // limit_exceeded's and conflict's general messages speak of amounts and names.
    if (e.code === 'limit_exceeded') return t('passkeys.limit');
    if (e.code === 'conflict') return t('passkeys.exists');
    return errorMessage(t, e);
  }
  if (isPasskeyCancelled(e)) return t('passkeys.cancelled');
  if (e instanceof Error && e.name === 'InvalidStateError') return t('passkeys.exists');
  if (typeof window !== 'undefined' && !window.PublicKeyCredential) return t('passkeys.unsupported');
  return t('passkeys.deviceFailed');
}
