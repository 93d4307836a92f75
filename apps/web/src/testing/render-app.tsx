import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type Location, MemoryRouter, type NavigateFunction, type RouteObject, useLocation, useNavigate } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/app/query-client';
import { AppRoutes } from '@/app/router';

/** What a test sees of the router: where it is, and a way to go elsewhere as a link would. */
export interface TestRouter {
  location: () => Location;
  navigate: (to: string) => Promise<void>;
}

/** Renders `children` on a memory router starting at `path`; the returned router reads and moves it. */
export const renderAtPath = (path: string, children: ReactNode, wrap: (routed: ReactNode) => ReactNode = (routed) => routed) => {
  const seen: { location?: Location; navigate?: NavigateFunction } = {};
  const Probe = () => {
    seen.location = useLocation();
    seen.navigate = useNavigate();
    return null;
  };
  const view = render(
    wrap(
      <MemoryRouter initialEntries={[path]}>
        <Probe />
        {children}
      </MemoryRouter>,
    ),
  );
  const router: TestRouter = {
    location: () => {
      if (!seen.location) throw new Error('the router has not rendered');
      return seen.location;
    },
    navigate: async (to) => {
      await seen.navigate?.(to);
    },
  };
  return { ...view, router };
};

/** Renders routes as the app does (`AppRoutes`, inside the real app providers), starting at `path`. */
export const renderRoutes = (routes: RouteObject[], path: string, queryClient: QueryClient = createQueryClient()) => {
  const view = renderAtPath(path, <AppRoutes routes={routes} />, (routed) => <AppProvider queryClient={queryClient}>{routed}</AppProvider>);
  return { ...view, queryClient };
};
