import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RequireGuest, RequireUser, Shell } from './guards';
import { lazyScreen, type LazyScreen } from './lazyScreen';
import { Root } from './Root';
import { NotFound } from './screens/NotFound';
import { RouteErrorBoundary } from './screens/RouteError';

// Every screen is loaded on demand: the current page's before the first
// render (preloadPage), the others when the user goes there, behind the spinner.
const Login = lazyScreen(() => import('@/features/auth/LoginPage'));
const ResetPassword = lazyScreen(() => import('@/features/auth/ResetPasswordPage'));
const Home = lazyScreen(() => import('./routes/HomeRoute'));
const Categories = lazyScreen(() => import('./routes/CategoriesRoute'));
const Budget = lazyScreen(() => import('./routes/BudgetRoute'));
const Rules = lazyScreen(() => import('./routes/RulesRoute'));
const Movements = lazyScreen(() => import('./routes/MovementsRoute'));
const Scheduled = lazyScreen(() => import('./routes/ScheduledRoute'));
const Reports = lazyScreen(() => import('@/features/reports/ReportsPage'));
const Dashboard = lazyScreen(() => import('./routes/DashboardRoute'));
const Config = lazyScreen(() => import('./routes/ConfigRoute'));
const Currencies = lazyScreen(() => import('./routes/CurrenciesRoute'));
const Ledgers = lazyScreen(() => import('./routes/LedgersRoute'));
const Admin = lazyScreen(() => import('./routes/AdminRoute'));
const Banks = lazyScreen(() => import('./routes/BanksRoute'));
const Invitation = lazyScreen(() => import('@/features/ledgers/InvitationPage'));
const Profile = lazyScreen(() => import('@/features/profile/ProfilePage'));
const About = lazyScreen(() => import('./routes/AboutRoute'));
const Reconcile = lazyScreen(() => import('@/features/movements/reconcile/ReconcilePage'));

/** The seed's route table (eleven rows), the budget and the rules under /categories, the schedules under /movements, Configuration's currencies, ledgers, bank connections and administration screens and an account's reconciliation (no sidebar entry) under /config, a password-reset link's page under /login, and an invitation's link (/invitations/:token, no sidebar entry). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        path: '/login',
        handle: Login,
        element: (
          <RequireGuest>
            <Login />
          </RequireGuest>
        ),
      },
      {
        path: '/login/reset',
        handle: ResetPassword,
        element: (
          <RequireGuest>
            <ResetPassword />
          </RequireGuest>
        ),
      },
      {
        element: <RequireUser />,
        handle: Shell,
        children: [
          { path: '/', element: <Home />, handle: Home },
          { path: '/categories', element: <Categories />, handle: Categories },
          { path: '/categories/budget', element: <Budget />, handle: Budget },
          { path: '/categories/rules', element: <Rules />, handle: Rules },
          { path: '/movements', element: <Movements />, handle: Movements },
          { path: '/movements/scheduled', element: <Scheduled />, handle: Scheduled },
          { path: '/informs', element: <Reports />, handle: Reports },
          { path: '/dashboard', element: <Dashboard />, handle: Dashboard },
          { path: '/config', element: <Config />, handle: Config },
          { path: '/config/currencies', element: <Currencies />, handle: Currencies },
          { path: '/config/ledgers', element: <Ledgers />, handle: Ledgers },
          { path: '/config/banks', element: <Banks />, handle: Banks },
          { path: '/config/admin', element: <Admin />, handle: Admin },
          { path: '/config/accounts/:id/reconcile', element: <Reconcile />, handle: Reconcile },
          { path: '/invitations/:token', element: <Invitation />, handle: Invitation },
          { path: '/profile', element: <Profile />, handle: Profile },
          { path: '/signOut', element: <Config signOut />, handle: Config },
          { path: '/about', element: <About />, handle: About },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** The route table under the router's error screen. Declarative routing (not
 * a data router: we use no loaders or actions) keeps 16 KB of JavaScript off
 * the first page; an error while rendering a screen shows RouteError, and
 * navigating elsewhere leaves it. */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}

/**
 * Loads what the page at url renders first: its screens (and, signed in, the
 * app's frame) in screens, and the data they show first in data, asked for as
 * soon as each screen's code is there. Without a session only the guest
 * pages' screens load: a signed-out visit to a signed-in page goes to /login.
 */
export function preloadPage(url: URL, signedIn: boolean, client: QueryClient): { screens: Promise<unknown>; data: Promise<unknown> } {
  const matches = matchRoutes(routes, url.pathname) ?? [];
  const inShell = matches.some((m) => m.route.handle === Shell);
  const screens: Pick<LazyScreen<object>, 'preload' | 'prefetch'>[] =
    inShell && !signedIn ? [Login] : matches.flatMap((m) => (m.route.handle ? [m.route.handle as LazyScreen<object>] : []));
  const loads = screens.map((s) => s.preload().then(() => s));
  return {
    screens: Promise.all(loads),
    data: Promise.all(loads.map((l) => l.then((s) => s.prefetch(client, url.searchParams)))),
  };
}
