import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { PageLoading } from '@/components/page-loading';
import { withTexts } from '@/lib/i18n';
import { loginRoute } from '@/lib/login-redirect';
import { GuestOnly, RequireAuth } from './auth/require-auth';
import { loadConsole } from './console/load-console';
import LoginRoute from './routes/login-route';
import type { SelfServicePage } from './routes/self-service-route';
import { useUnauthorizedHandler } from './session-expiry';

// The console (layout, menu routes, screens) loads on demand. The sign-in page is part of the
// entry: it is the first page of most visits, and the packages it uses are the console's too, so
// they load in one chunk with the entry's (vite.config.ts) instead of some twenty small ones.
const ConsoleShell = lazy(loadConsole);
const NotFoundPage = lazy(() => import('./routes/not-found-page'));
const LegalPage = lazy(withTexts('public', () => import('@/features/legal/routes/legal-page')));
const SelfServiceRoute = lazy(withTexts('public', () => import('./routes/self-service-route')));
const NeutralRoute = lazy(withTexts('public', () => import('./routes/neutral-route')));

/** A public self-service page (`routes/self-service-route.tsx`); `guestOnly` sends a signed-in user to the console instead. */
const selfService = (path: string, page: SelfServicePage, guestOnly = false): RouteObject => {
  const element = (
    <Loading>
      <SelfServiceRoute page={page} />
    </Loading>
  );
  return { path, element: guestOnly ? <GuestOnly>{element}</GuestOnly> : element };
};

const Loading = ({ children }: { children: ReactNode }) => <Suspense fallback={<PageLoading fullscreen />}>{children}</Suspense>;

/**
 * Static routes (spec section 2). Public: /user/login, /user/register and its result, /user/alteration,
 * /want/findPwd (whoever forgot a password cannot sign in first), the device portal (/neutral/...,
 * with its own session), /404, /privacy and /condition. Every other path is the console:
 * the guard asks for a token, loads the menu permissions, and the shell registers the menu's
 * routes (unknown paths inside end at /404).
 */
export const appRoutes: RouteObject[] = [
  {
    path: loginRoute,
    element: (
      <GuestOnly>
        <Loading>
          <LoginRoute />
        </Loading>
      </GuestOnly>
    ),
  },
  selfService('/user/register', 'register', true),
  selfService('/user/register-result', 'registerResult'),
  selfService('/user/alteration', 'alteration'),
  selfService('/want/findPwd', 'findPassword'),
  { path: '/neutral', element: <Navigate to="/neutral/index" replace /> },
  {
    path: '/neutral/login',
    element: (
      <Loading>
        <NeutralRoute page="login" />
      </Loading>
    ),
  },
  {
    path: '/neutral/index',
    element: (
      <Loading>
        <NeutralRoute page="index" />
      </Loading>
    ),
  },
  { path: '/user', element: <Navigate to={loginRoute} replace /> },
  { path: '/user/*', element: <Navigate to="/404" replace /> },
  {
    path: '/404',
    element: (
      <Loading>
        <NotFoundPage />
      </Loading>
    ),
  },
  {
    path: '/privacy',
    element: (
      <Loading>
        <LegalPage kind="privacy" />
      </Loading>
    ),
  },
  {
    path: '/condition',
    element: (
      <Loading>
        <LegalPage kind="condition" />
      </Loading>
    ),
  },
  {
    path: '*',
    element: (
      <RequireAuth>
        <Loading>
          <ConsoleShell />
        </Loading>
      </RequireAuth>
    ),
  },
];

/**
 * The console's routes, inside a router of the caller's (history mode with base / in the browser,
 * spec section 2). Declarative routing: the console loads no data through the router, and its data
 * router would add some 15 KB to the sign-in page. A page that fails shows the error screen until
 * the user goes to another path; a 401 opens the sign-in page (`session-expiry.ts`).
 */
export function AppRoutes({ routes = appRoutes }: { routes?: RouteObject[] }) {
  const { pathname } = useLocation();
  useUnauthorizedHandler();
  return <ErrorBoundary resetKey={pathname}>{useRoutes(routes)}</ErrorBoundary>;
}
