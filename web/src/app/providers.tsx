import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { cssVariables, theme } from '@/shared/theme';
import { createI18n, type Language } from '@/shared/i18n';
import { UIProvider, useUI } from '@/shared/ui-state';

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
    },
  });
}

function Themed({ children }: { children: ReactNode }) {
  const { scheme, language } = useUI();
  const [i18n] = useState(() => createI18n(language));
  // Switching language is synchronous (the dictionaries are bundled) and a
  // layout effect runs before the browser paints, so no frame shows the old one.
  useLayoutEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }, [i18n, language]);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariables} forceColorScheme={scheme}>
        <Notifications position="bottom-center" />
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}

export function AppProviders({ children, client, language }: { children: ReactNode; client?: QueryClient; language?: Language }) {
  const qc = useMemo(() => client ?? makeQueryClient(), [client]);
  return (
    <QueryClientProvider client={qc}>
      <UIProvider initialLanguage={language}>
        <Themed>{children}</Themed>
      </UIProvider>
    </QueryClientProvider>
  );
}
