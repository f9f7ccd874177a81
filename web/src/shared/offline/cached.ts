// What the service worker (sw/sw.ts) keeps of the API for offline reading.
// No imports: the service worker is built from it too.

/** The cache of the data the screens read last. */
export const API_CACHE = 'cc-api';

/**
 * The screens' data, read offline from the last answer: the user document and
 * the ledger's accounts, categories, movements, reports, budgets, schedules
 * and rules. Nothing else: sign-in, tokens, two-factor, passkeys, security
 * events, the administration, exports, attachments, invitations and the live
 * event stream always go to the network.
 */
const cachedData =
  /^\/api\/v1\/(?:me|meta|currencies|ledgers|ledgers\/[^/]+\/members|ledger|ledger\/currencies|rates|accounts|categories|movements|movements\/totals|reports\/[a-z]+|dashboard|budgets|schedules|schedules\/upcoming|forecast|rules)$/;

export function isCachedData(pathname: string): boolean {
  return cachedData.test(pathname);
}
