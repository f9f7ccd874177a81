import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useMe, useMeta } from '@/shared/api/queries';
import { languageOf } from '@/shared/i18n';
import { schemeOf } from '@/shared/theme';
import { FullScreenSpinner } from './screens/FullScreenSpinner';
import { LoadError } from './screens/LoadError';
import { useUI } from '@/shared/ui-state';

/** Loads the user once, applies their stored theme and language before the
 * first signed-in screen paints, and shows a retryable error on failure. */
export function Root() {
  const me = useMe();
  const meta = useMeta();
  const { setScheme, setLanguage } = useUI();
  const user = me.data;
  const { i18n } = useTranslation();
  // The first signed-in screen waits for the user's language (a chunk of its
  // own) rather than flash the browser's; later switches do not unmount it.
  const inUserLanguage = !!user && i18n.language === languageOf(user.languagePreference);
  // Settled from the start when app/boot.tsx loaded the user's language first (no render just to note it).
  const [settled, setSettled] = useState(inUserLanguage);
  const languageReady = settled || !user || inUserLanguage;
  useEffect(() => {
    if (user && languageReady && !settled) setSettled(true);
  }, [user, languageReady, settled]);
  useLayoutEffect(() => {
    if (user) {
      setScheme(schemeOf(user.themePreference));
      setLanguage(languageOf(user.languagePreference));
    }
  }, [user, setScheme, setLanguage]);
  useEffect(() => {
    // Its code loads only when an instance turns analytics on.
    const id = meta.data?.analyticsId;
    if (id) void import('./analytics').then((m) => m.loadAnalytics(id));
  }, [meta.data?.analyticsId]);
  if (me.isPending || !languageReady) return <FullScreenSpinner />;
  if (me.isError) return <LoadError onRetry={() => void me.refetch()} />;
  return <Outlet />;
}
