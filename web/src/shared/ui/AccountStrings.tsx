import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ensureAccountStrings, type Language } from '@/shared/i18n';

/** Renders children once the account dictionary of the language shown
 * (Profile's security sections, the administration) is loaded: the pages
 * that use it wrap their content in it, and no other page loads it. */
export function AccountStrings({ children }: { children: React.ReactNode }) {
  const { i18n } = useTranslation();
  const lang = i18n.language as Language;
  const loaded = useQuery({
    queryKey: ['i18n', 'account', lang],
    queryFn: () => ensureAccountStrings(i18n, lang),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  if (!loaded.data) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={i18n.t('app.loading')} />
      </Center>
    );
  }
  return <>{children}</>;
}
