import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ensureSignedInStrings, hasSignedInStrings, type Language } from '@/shared/i18n';
import { FullScreenSpinner } from '../screens/FullScreenSpinner';

/**
 * Renders the signed-in frame once the signed-in dictionary of the language
 * shown is there: boot loads it with the page when there is a session; after
 * signing in, or in another language, it loads here (the sign-in page never
 * loads it: see loadSignedInDictionary).
 */
export function SignedInStrings({ children }: { children: React.ReactNode }) {
  const { i18n } = useTranslation();
  const lang = i18n.language as Language;
  const ready = hasSignedInStrings(i18n, lang);
  const loaded = useQuery({
    queryKey: ['i18n', 'signedin', lang],
    queryFn: () => ensureSignedInStrings(i18n, lang),
    enabled: !ready,
    staleTime: Infinity,
    gcTime: Infinity,
    networkMode: 'always',
  });
  if (!ready && !loaded.data) return <FullScreenSpinner />;
  return <>{children}</>;
}
