// The service worker of the installable app (vite-plugin-pwa builds it into
// dist/sw.js, with the list of the build's files in self.__WB_MANIFEST).
// - The app's files (the shell, every screen's chunk, the dictionaries and
//   icons) are precached: the app opens without a network.
// - Pages come from the network (the server adds each page's preloads and the
//   session hint); offline, from the precached index.html.
// - The data the screens read is fetched from the network and kept; offline,
//   the last answer kept is served. It is private: only the screens' own
//   endpoints (never auth, tokens, security, administration or exports), only
//   JSON answers, and the app deletes the cache at sign-in and sign-out
//   (src/shared/offline/cache.ts); an answer of 401 (the session ended)
//   deletes it too, so one user's data is never shown to another.
// Writes are never cached nor queued here: the app queues an offline
// movement itself (src/shared/offline/queue.ts).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE, isCachedData } from '../src/shared/offline/cached';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// A new build takes over at once: its files are those the server has now.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !/^\/(api|auth)\//.test(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  },
);

registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && isCachedData(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [
      {
        cacheWillUpdate: async ({ response }) =>
          response.status === 200 && response.headers.get('Content-Type')?.startsWith('application/json') ? response : null,
        fetchDidSucceed: async ({ response }) => {
          if (response.status === 401) await caches.delete(API_CACHE);
          return response;
        },
      },
    ],
  }),
);
