import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { loginPath, loginRoute } from '@/lib/login-redirect';
import { notice } from '@/lib/notify';
import { session } from '@/lib/session';

/** Delay between the "session expired" notice and the sign-in page (spec section 8). */
export const relogDelayMs = 1500;

interface Navigator {
  navigate: (to: string, options: { replace: boolean }) => Promise<void> | void;
  location: () => { pathname: string; search: string };
}

/**
 * When the server answers 401 to a signed-in request, tell the user, forget the session and
 * after 1.5 s open the sign-in page with the current page as `redirect`.
 */
export const installUnauthorizedHandler = (router: Navigator, queryClient: QueryClient): (() => void) => {
  let pending: number | undefined;
  setUnauthorizedHandler(() => {
    // Nothing to expire once signed out (a logout in this tab also ends its websocket session).
    if (pending !== undefined || !session.token) return;
    const expiredToken = session.token;
    const { pathname, search } = router.location();
    notice('warning', i18n.t('sessionExpired', { ns: 'server' }), i18n.t('sessionExpiredDescription', { ns: 'server' }));
    pending = window.setTimeout(() => {
      pending = undefined;
      // A new sign-in in the meantime keeps its session.
      if (session.token !== expiredToken) return;
      session.clear();
      if (router.location().pathname === loginRoute) return;
      void Promise.resolve(router.navigate(loginPath(`${pathname}${search}`), { replace: true })).then(() => queryClient.clear());
    }, relogDelayMs);
  });
  // Uninstalled (the app is gone), it leaves nothing behind to sign out a later session.
  return () => {
    window.clearTimeout(pending);
    setUnauthorizedHandler(null);
  };
};

/** Installs the handler above for the life of the app, with the router it is rendered in. */
export const useUnauthorizedHandler = (): void => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  // The handler runs 1.5 s after a 401, so it reads the router as it is then, not as it was.
  const current = useRef({ navigate, location });
  useLayoutEffect(() => {
    current.current = { navigate, location };
  });
  useEffect(
    () =>
      installUnauthorizedHandler(
        { navigate: (to, options) => current.current.navigate(to, options), location: () => current.current.location },
        queryClient,
      ),
    [queryClient],
  );
};
