import { useEffect, useLayoutEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { NotificationsProps } from '@mantine/notifications';
import { MantineProvider, mergeThemeOverrides, type MantineThemeOverride } from '@mantine/core';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { cssVariables, theme, type Scheme } from '@/shared/theme';
import { createI18n, ensureLanguage, type Dictionaries, type Language } from '@/shared/i18n';
import { UIProvider, useUI } from '@/shared/ui-state';
import { isProblem } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';

/**
 * The toasts' container (and its transitions) loads after the page, when the
 * browser is idle;
 * a notification shown before it arrives waits in the store and then appears.
 * Loaded by an effect, not React.lazy: a Suspense boundary resolving during
 * the first screen's load would hold that screen's next reveal back.
 */
function LateNotifications() {
  const [Container, setContainer] = useState<ComponentType<NotificationsProps> | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void import('./notifications').then(
        (m) => live && setContainer(() => m.default),
        () => undefined, // no toasts rather than a broken page; the next visit tries again
      );
    // Once the page has loaded and the browser is idle: its chunk must not
    // share the network or the main thread with the first screen's.
    const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(load, { timeout: 1000 }) : window.setTimeout(load, 200));
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
    return () => {
      live = false;
      window.removeEventListener('load', idle);
    };
  }, []);
  // Top right, below the header: at the bottom they covered the content's end and a dialog's Save button.
  // (global.css puts them below the header.)
  return Container ? <Container position="top-right" containerWidth={360} /> : null;
}

/** A query answered 401: the session ended (expired, or signed out
 * elsewhere). The app forgets the user, and the guards go to /login. */
export function makeQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (e) => {
        if (isProblem(e) && e.status === 401) client.setQueryData(keys.me, null);
      },
    }),
    defaultOptions: {
      // A 401 is an answer (the session ended), not a failure to try again.
      // Offline, a query still runs once: the service worker answers it
      // with the data read last (sw/sw.ts); a write fails at once, and says so.
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (n, e) => n < 1 && !(isProblem(e) && e.status === 401),
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  return client;
}

function Themed({ children, dictionaries }: { children: ReactNode; dictionaries: Dictionaries }) {
  const { scheme, language } = useUI();
  const [i18n] = useState(() => createI18n(language, dictionaries));
  // A loaded language switches in a layout effect, before the browser paints,
  // so no frame shows the old one; another is fetched first (the screen keeps
  // the old language for those milliseconds; Root waits for the user's).
  useLayoutEffect(() => {
    let live = true;
    const apply = () => {
      if (live && i18n.language !== language) void i18n.changeLanguage(language);
      if (live) document.documentElement.lang = language;
    };
    if (i18n.hasResourceBundle(language, 'translation')) apply();
    else void ensureLanguage(i18n, language).then(apply);
    return () => {
      live = false;
    };
  }, [i18n, language]);
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedMantine scheme={scheme}>{children}</LocalizedMantine>
    </I18nextProvider>
  );
}

/**
 * Mantine with the labels its own controls need, in the user's language:
 * every dialog's, drawer's and toast's close button is named "Close" (an
 * unnamed icon button is invisible to a screen reader).
 */
function LocalizedMantine({ scheme, children }: { scheme: Scheme; children: ReactNode }) {
  const { t } = useTranslation();
  const close = t('common.close');
  const localized = useMemo(() => {
    const labels: MantineThemeOverride = {
      components: {
        ModalCloseButton: { defaultProps: { 'aria-label': close } },
        DrawerCloseButton: { defaultProps: { 'aria-label': close } },
        Notification: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
      },
    };
    return mergeThemeOverrides(theme, labels);
  }, [close]);
  return (
    <MantineProvider theme={localized} cssVariablesResolver={cssVariables} forceColorScheme={scheme}>
      <LateNotifications />
      {children}
    </MantineProvider>
  );
}

/** dictionaries holds at least the first language's (app/boot.tsx loads it). */
export function AppProviders({
  children,
  client,
  language,
  dictionaries,
}: {
  children: ReactNode;
  client?: QueryClient;
  language?: Language;
  dictionaries: Dictionaries;
}) {
  const qc = useMemo(() => client ?? makeQueryClient(), [client]);
  return (
    <QueryClientProvider client={qc}>
      <UIProvider initialLanguage={language}>
        <Themed dictionaries={dictionaries}>{children}</Themed>
      </UIProvider>
    </QueryClientProvider>
  );
}
