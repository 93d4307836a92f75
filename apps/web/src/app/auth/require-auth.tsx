import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { useUserPermissions } from '@/features/auth/api/get-user-permissions';
import { loginPath } from '@/lib/login-redirect';
import { session } from '@/lib/session';
import { loadConsole } from '../console/load-console';
import { UserPermissionsContext } from './permissions-context';

const wantedPath = (location: { pathname: string; search: string }) => `${location.pathname}${location.search}`;

/** The permission fetch failed: sign out and ask for a new sign-in that returns here. */
function SignOutToLogin() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // Clear first: the sign-in page sends visitors who still hold a token back to the console.
    session.clear();
    void navigate(loginPath(wantedPath(location)), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, for the location that failed
  }, []);
  return <PageLoading fullscreen />;
}

function PermissionGate({ token, children }: { token: string; children: ReactNode }) {
  const permissions = useUserPermissions(token);
  // Download the console while the permissions load.
  useEffect(() => {
    void loadConsole();
  }, []);
  if (permissions.isError) return <SignOutToLogin />;
  if (permissions.isPending) return <PageLoading fullscreen />;
  return <UserPermissionsContext.Provider value={permissions.data}>{children}</UserPermissionsContext.Provider>;
}

/**
 * Guard of every non-public path (spec section 2): without a stored token the visitor goes to the
 * sign-in page with the wanted path as `redirect`; with one, the menu permissions are loaded
 * before the console renders. The token is read on every navigation, so a token removed
 * meanwhile is noticed at the next page change.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const token = session.token;
  if (!token) return <Navigate to={loginPath(wantedPath(location))} replace />;
  return (
    <PermissionGate key={token} token={token}>
      {children}
    </PermissionGate>
  );
}

/** The sign-in page is for visitors: someone already signed in goes to the default path. */
export function GuestOnly({ children }: { children: ReactNode }) {
  // Only the token at arrival counts: signing in on this page must not bounce mid-way.
  const [signedIn] = useState(() => session.token !== null);
  if (signedIn) return <Navigate to="/" replace />;
  return children;
}
