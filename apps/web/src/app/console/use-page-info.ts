import type { MenuRoute } from '@cellsight/contract';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useConsole } from './console-context';
import { accountSettingsPath, changePasswordPath, findMenuTrail } from './menu-tree';
import { useMenuTitle } from './menu-title';

/** Title of any console path: its menu title, or the fixed title of a built-in page. */
export const usePageTitleFor = (): ((pathname: string) => string | null) => {
  const { menu } = useConsole();
  const menuTitle = useMenuTitle();
  const { t } = useTranslation('layout');
  return useCallback(
    (pathname: string) => {
      const trail = findMenuTrail(menu, pathname);
      const last = trail[trail.length - 1];
      if (last) return menuTitle(last);
      if (pathname === accountSettingsPath) return t('accountSettings');
      if (pathname === changePasswordPath) return t('changePassword');
      return null;
    },
    [menu, menuTitle, t],
  );
};

export interface PageInfo {
  /** Menu items from the root to the current page. */
  trail: MenuRoute[];
  /** Title of the current page (null when it is not a known page). */
  title: string | null;
  /** The home page is showing (the document title is then the bare platform name). */
  isHome: boolean;
  homeTitle: string;
}

export const usePageInfo = (): PageInfo => {
  const { menu, defaultPath } = useConsole();
  const { pathname } = useLocation();
  const titleFor = usePageTitleFor();
  const { t } = useTranslation('layout');
  return useMemo(
    () => ({
      trail: findMenuTrail(menu, pathname),
      title: titleFor(pathname),
      isHome: pathname === defaultPath || pathname === '/',
      homeTitle: titleFor(defaultPath) ?? t('home'),
    }),
    [menu, pathname, defaultPath, titleFor, t],
  );
};
