// Where to go after signing in: the signed-in page that sent the visitor to
// /login (an invitation's link, a bookmark). It travels in the router's
// state for the email form, and in this tab's sessionStorage across an
// OpenID Connect round trip (which comes back to /).

const storageKey = 'cc_return_to';

/** A path of this app worth coming back to: never /login, never another site (//host). */
export function returnPathOf(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') && from !== '/' ? from : null;
}

/** Keeps path for after a sign-in that leaves the app (a provider's page). */
export function rememberReturn(path: string | null): void {
  try {
    if (path) sessionStorage.setItem(storageKey, path);
  } catch {
    // storage refused: the provider brings the user home
  }
}

/** The path kept by rememberReturn, if any (forgetReturn clears it). */
export function rememberedReturn(): string | null {
  try {
    return returnPathOf({ from: sessionStorage.getItem(storageKey) });
  } catch {
    return null;
  }
}

export function forgetReturn(): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // nothing kept
  }
}
