import type { MenuRoute } from '@cellsight/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Menu titles come from the server as text. When the `layout` namespace holds `menu.<route name>`
 * that translation wins, so seeded menus can be shown in every console language.
 */
export const useMenuTitle = (): ((item: Pick<MenuRoute, 'name' | 'meta'>) => string) => {
  const { t, i18n } = useTranslation('layout');
  return useCallback(
    (item) => {
      const key = `menu.${item.name}`;
      return item.name && i18n.exists(key, { ns: 'layout' }) ? t(key) : item.meta.title;
    },
    [t, i18n],
  );
};
