import type { QueryClient } from '@tanstack/react-query';
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
  let pending = false;
  setUnauthorizedHandler(() => {
    // Nothing to expire once signed out (a logout in this tab also ends its websocket session).
    if (pending || !session.token) return;
    pending = true;
    const expiredToken = session.token;
    const { pathname, search } = router.location();
    notice('warning', i18n.t('sessionExpired', { ns: 'server' }), i18n.t('sessionExpiredDescription', { ns: 'server' }));
    window.setTimeout(() => {
      pending = false;
      // A new sign-in in the meantime keeps its session.
      if (session.token !== expiredToken) return;
      session.clear();
      if (router.location().pathname === loginRoute) return;
      void Promise.resolve(router.navigate(loginPath(`${pathname}${search}`), { replace: true })).then(() => queryClient.clear());
    }, relogDelayMs);
  });
  return () => setUnauthorizedHandler(null);
};
