import { API_CACHE } from './cached';

/** Forgets the data kept for offline reading (at sign-in and sign-out: it is the user's own). */
export async function clearOfflineData(): Promise<void> {
  try {
    if ('caches' in window) await caches.delete(API_CACHE);
  } catch {
    // no Cache Storage here (an insecure origin): nothing was kept
  }
}
