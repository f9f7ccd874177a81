import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { useMe } from '@/shared/api/queries';
import { FullScreenSpinner } from './screens/FullScreenSpinner';

// The shell (sidebar, menus, tooltips) is only for signed-in users: /login
// does not load it.
const AppLayout = lazy(() => import('./layout/AppLayout').then((m) => ({ default: m.AppLayout })));
const Welcome = lazy(() => import('@/features/welcome/WelcomePage'));

/** Protected routes: no signed-in user → /login; a first-time user → welcome. */
export function RequireUser() {
  const { data: user } = useMe();
  if (!user) return <Navigate to="/login" replace />;
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

/** /login is for signed-out users only. */
export function RequireGuest({ children }: { children: React.ReactNode }) {
  const { data: user } = useMe();
  if (user) return <Navigate to="/" replace />;
  return <Suspense fallback={<FullScreenSpinner />}>{children}</Suspense>;
}
