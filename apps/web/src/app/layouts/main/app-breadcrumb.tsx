import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConsole } from '../../console/console-context';
import { useMenuTitle } from '../../console/menu-title';
import { usePageInfo } from '../../console/use-page-info';

/**
 * Breadcrumb (spec section 2): the home entry, then the menu items down to the current page;
 * every entry but the current one links.
 */
export function AppBreadcrumb() {
  const { defaultPath } = useConsole();
  const { trail, title, isHome, homeTitle } = usePageInfo();
  const menuTitle = useMenuTitle();
  const { t } = useTranslation('layout');

  const entries: { path: string; title: string }[] = [{ path: defaultPath, title: homeTitle }];
  if (!isHome) {
    if (trail.length > 0) for (const item of trail) entries.push({ path: item.path, title: menuTitle(item) });
    else if (title) entries.push({ path: '', title });
  }
  return (
    <Breadcrumb
      aria-label={t('breadcrumb')}
      items={entries.map((entry, index) => ({
        key: `${entry.path}-${index}`,
        title: index < entries.length - 1 && entry.path ? <Link to={entry.path}>{entry.title}</Link> : entry.title,
      }))}
    />
  );
}
