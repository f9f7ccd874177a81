import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hasSessionHint, meQuery } from '@/shared/api/queries';
import { languageOf, localeOf, loadDictionary, loadSignedInDictionary, rememberedLanguage, type Dictionaries, type Language } from '@/shared/i18n';
import type { Dictionary } from '@/shared/i18n/types';
import { AppProviders, makeQueryClient } from './providers';
import { AppRoutes, preloadPage } from './router';

/** How long the first render waits for the page's data once its code is there (it shows without it after that). */
const DATA_PATIENCE_MS = 300;

/**
 * The first render waits for what it shows, all fetched at once (the server
 * preloads each of them with the page): the language's dictionary, the
 * signed-in user, the current page's screens and, for a moment, their first
 * data. It then shows the page itself, in the user's language, not a spinner
 * and then a skeleton. Whatever fails here is left to the screens, which
 * show it and offer to try again.
 */
export async function boot() {
  const client = makeQueryClient();
  let language: Language = rememberedLanguage();
  const dictionaries: Dictionaries = {};
  const page = preloadPage(new URL(location.href), hasSessionHint(), client);
  const patience = new Promise((resolve) => setTimeout(resolve, DATA_PATIENCE_MS));
  // The first number formatted loads the locale's number data (30 ms on a
  // desktop, four times that on a phone): now, while the requests are in
  // flight, in a task of its own, not in the middle of the first render.
  setTimeout(() => new Intl.NumberFormat(localeOf(language)).format(0));
  // With a session, the signed-in pages' strings too (the sign-in page does without them).
  const strings = (lang: Language) =>
    hasSessionHint() ? Promise.all([loadDictionary(lang), loadSignedInDictionary(lang)]).then(([d, h]): Dictionary => ({ ...d, ...h })) : loadDictionary(lang);
  const [dictionary, user] = await Promise.all([strings(language), client.fetchQuery(meQuery).catch(() => undefined), page.screens.catch(() => undefined)]);
  await Promise.race([page.data.catch(() => undefined), patience]);
  dictionaries[language] = dictionary;
  // Signed in from another device in another language: that one, at once
  // (if it does not load, Root asks for it again while showing its spinner).
  const wanted = user ? languageOf(user.languagePreference) : language;
  if (wanted !== language) {
    const loaded = await strings(wanted).catch(() => undefined);
    if (loaded) {
      language = wanted;
      dictionaries[wanted] = loaded;
    }
  }
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the page in slices of a few milliseconds,
  // so the main thread never blocks for the whole first render.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders client={client} language={language} dictionaries={dictionaries}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
  // The installable app's service worker (sw/sw.ts): the app opens offline
  // next time, with the data it read last. Not in the dev server (no sw.js).
  if (import.meta.env.PROD && 'serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}
