import { lazy } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { RequireGuest, RequireUser } from './guards';
import { Root } from './Root';
import { NotFound } from './screens/NotFound';
import { RouteError } from './screens/RouteError';

// Every screen is loaded on demand, behind the spinner.
const Login = lazy(() => import('@/features/auth/LoginPage'));
const Home = lazy(() => import('./routes/HomeRoute'));
const Categories = lazy(() => import('./routes/CategoriesRoute'));
const Budget = lazy(() => import('./routes/BudgetRoute'));
const Rules = lazy(() => import('./routes/RulesRoute'));
const Movements = lazy(() => import('./routes/MovementsRoute'));
const Scheduled = lazy(() => import('./routes/ScheduledRoute'));
const Informs = lazy(() => import('@/features/informs/InformsPage'));
const Dashboard = lazy(() => import('./routes/DashboardRoute'));
const Config = lazy(() => import('./routes/ConfigRoute'));
const Currencies = lazy(() => import('./routes/CurrenciesRoute'));
const Ledgers = lazy(() => import('./routes/LedgersRoute'));
const Invitation = lazy(() => import('@/features/ledgers/InvitationPage'));
const Profile = lazy(() => import('@/features/profile/ProfilePage'));
const About = lazy(() => import('./routes/AboutRoute'));

/** The seed's route table (eleven rows), the budget and the rules under /categories, the schedules under /movements Configuration's currencies and ledgers screens under /config, and an invitation's link (/invitations/:token, no sidebar entry). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        path: '/login',
        element: (
          <RequireGuest>
            <Login />
          </RequireGuest>
        ),
      },
      {
        element: <RequireUser />,
        children: [
          { path: '/', element: <Home /> },
          { path: '/categories', element: <Categories /> },
          { path: '/categories/budget', element: <Budget /> },
          { path: '/categories/rules', element: <Rules /> },
          { path: '/movements', element: <Movements /> },
          { path: '/movements/scheduled', element: <Scheduled /> },
          { path: '/informs', element: <Informs /> },
          { path: '/dashboard', element: <Dashboard /> },
          { path: '/config', element: <Config /> },
          { path: '/config/currencies', element: <Currencies /> },
          { path: '/config/ledgers', element: <Ledgers /> },
          { path: '/invitations/:token', element: <Invitation /> },
          { path: '/profile', element: <Profile /> },
          { path: '/signOut', element: <Config signOut /> },
          { path: '/about', element: <About /> },
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
  return (
    <ErrorBoundary fallback={<RouteError />} resetKeys={[pathname]}>
      {element}
    </ErrorBoundary>
  );
}
