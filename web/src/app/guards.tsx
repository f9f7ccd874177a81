import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMe } from '@/shared/api/queries';
import { forgetReturn, rememberedReturn, returnPathOf } from '@/shared/returnTo';
import { FullScreenSpinner } from './screens/FullScreenSpinner';
import { lazyScreen } from './lazyScreen';

// The shell (sidebar, menus, tooltips) is only for signed-in users: /login
// does not load it.
const AppLayout = lazyScreen(async () => {
  const m = await import('./layout/AppLayout');
  return { default: m.AppLayout, prefetch: m.prefetchShell };
});
const Welcome = lazyScreen(() => import('@/features/welcome/WelcomePage'));

/** The signed-in frame, to load ahead of its first render with what it shows (see preloadPage). */
export const Shell: Pick<typeof AppLayout, 'preload' | 'prefetch'> = AppLayout;

/** Protected routes: no signed-in user → /login (which comes back here after
 * signing in); a first-time user → welcome. */
export function RequireUser() {
  const { data: user } = useMe();
  const { pathname, search } = useLocation();
  // Back from a provider's sign-in (which lands on /): the page that sent the user to /login.
  const back = user ? rememberedReturn() : null;
  useEffect(() => {
    if (back) forgetReturn();
  }, [back]);
  if (!user) return <Navigate to="/login" replace state={{ from: pathname + search }} />;
  if (back && back !== pathname + search) return <Navigate to={back} replace />;
  if (user.firstTime) {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <Welcome />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <AppLayout />
    </Suspense>
  );
}

/** /login is for signed-out users only: once signed in, back to the page that sent them here, else home. */
export function RequireGuest({ children }: { children: React.ReactNode }) {
  const { data: user } = useMe();
  const { state } = useLocation();
  if (user) return <Navigate to={returnPathOf(state) ?? '/'} replace />;
  return <Suspense fallback={<FullScreenSpinner />}>{children}</Suspense>;
}
