/** Path of the sign-in page. */
export const loginRoute = '/user/login';

/** The sign-in page with the wanted path (including its query) as `redirect` (spec section 2). */
export const loginPath = (wanted?: string): string => {
  const target = wanted ? safeRedirect(wanted) : null;
  return target && target !== '/' ? `${loginRoute}?${new URLSearchParams({ redirect: target }).toString()}` : loginRoute;
};

/**
 * A redirect target is only followed when it is a path of this site: absolute, not
 * protocol-relative ("//evil.example"), and not the sign-in page itself.
 */
export const safeRedirect = (raw: string | null | undefined): string | null => {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (raw === loginRoute || raw.startsWith(`${loginRoute}?`) || raw.startsWith(`${loginRoute}/`)) return null;
  return raw;
};
