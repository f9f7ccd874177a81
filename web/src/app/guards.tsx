import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { useMe } from '@/shared/api/session';
import { AppLayout } from './layout/AppLayout';
import { FullScreenSpinner } from './screens/FullScreenSpinner';

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
  return <AppLayout />;
}

/** /login is for signed-out users only. */
export function RequireGuest({ children }: { children: React.ReactNode }) {
  const { data: user } = useMe();
  if (user) return <Navigate to="/" replace />;
  return <Suspense fallback={<FullScreenSpinner />}>{children}</Suspense>;
}
