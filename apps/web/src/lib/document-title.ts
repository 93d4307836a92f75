import { useEffect } from 'react';
import { usePlatformName } from './public-config';

/** Separator between the page title and the platform name (spec section 1). */
export const titleSeparator = ' · ';

/** The dashboards' pages carry the bare platform name as their document title (spec section 1). */
export const isDashboardPath = (pathname: string): boolean => pathname === '/dashboard' || pathname.startsWith('/dashboard/');

export const formatDocumentTitle = (pageTitle: string | null | undefined, platformName: string): string =>
  pageTitle ? `${pageTitle}${titleSeparator}${platformName}` : platformName;

/** Sets `document.title`: "<page> · <platform>", or the bare platform name without a page title. */
export const useDocumentTitle = (pageTitle: string | null | undefined): void => {
  const platformName = usePlatformName();
  useEffect(() => {
    document.title = formatDocumentTitle(pageTitle, platformName);
  }, [pageTitle, platformName]);
};
