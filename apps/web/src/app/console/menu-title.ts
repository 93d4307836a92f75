import { type MenuRoute, resourceScreens, routeNameOfUrl, wordsIn } from '@cellsight/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleLanguage } from '@/lib/i18n';

/** A plain list screen's route name (its url as the server names the route: `/system/position` → `system-position`) and its title. */
const screenTitles = new Map(resourceScreens.map((resource) => [routeNameOfUrl(resource.screen.url), resource.title]));

/**
 * Menu titles come from the server as text. When the `layout` namespace holds `menu.<route name>`
 * that translation wins, so seeded menus can be shown in every console language; a plain list
 * screen's menu shows its resource's title in the console's language.
 */
export const useMenuTitle = (): ((item: Pick<MenuRoute, 'name' | 'meta'>) => string) => {
  const { t, i18n } = useTranslation('layout');
  return useCallback(
    (item) => {
      const key = `menu.${item.name}`;
      if (item.name && i18n.exists(key, { ns: 'layout' })) return t(key);
      const title = screenTitles.get(item.name);
      return title ? wordsIn(title, consoleLanguage(i18n.language)) : item.meta.title;
    },
    [t, i18n],
  );
};
