import type { MenuRoute } from '@cellsight/contract';
import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useConsole } from '../../console/console-context';
import { findMenuTrail, isExternal, isGroup, limitMenuForMctl, withMctl } from '../../console/menu-tree';
import { useMenuTitle } from '../../console/menu-title';
import { menuIcon } from './menu-icons';

type MenuItem = Required<MenuProps>['items'][number];

const externalUrl = (item: MenuRoute) => item.meta.url || item.path;

/** Keys (paths) of the groups above the current page, and the page's own visible menu entry. */
const locate = (menu: MenuRoute[], pathname: string) => {
  const trail = findMenuTrail(menu, pathname);
  // A hidden page (a detail screen) highlights its nearest visible ancestor.
  const firstHidden = trail.findIndex((item) => item.hidden);
  const visible = firstHidden === -1 ? trail : trail.slice(0, firstHidden);
  const selected = visible[visible.length - 1];
  return {
    selectedKeys: selected ? [selected.path] : [],
    groupKeys: visible.filter((item) => isGroup(item) || (item.children?.length ?? 0) > 0).map((item) => item.path),
  };
};

/**
 * The navigation menu built from the server menu (spec section 2): hidden rows are skipped, the
 * entry of the current page is selected, in the side menu one top-level group is open at a time,
 * and with the query parameter mctl only the first eight entries show.
 */
export function SideMenu({ mode, theme, collapsed = false, onNavigate }: { mode: 'inline' | 'horizontal'; theme: 'dark' | 'light'; collapsed?: boolean; onNavigate?: () => void }) {
  const { menu: fullMenu } = useConsole();
  // mctl mode (spec section 2): the first eight entries, and every path it opens carries mctl.
  const mctl = useSearchParams()[0].get('mctl');
  const menu = useMemo(() => (mctl === null ? fullMenu : limitMenuForMctl(fullMenu)), [fullMenu, mctl]);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menuTitle = useMenuTitle();

  const { items, externals, rootGroups } = useMemo(() => {
    const externalByKey = new Map<string, string>();
    const build = (entries: MenuRoute[]): MenuItem[] =>
      entries.flatMap((item): MenuItem[] => {
        if (item.route === '0' || item.hidden) return [];
        const label = menuTitle(item);
        const icon = menuIcon(item.meta.icon);
        if (isGroup(item) || (item.children?.length ?? 0) > 0) {
          const children = build(item.children ?? []);
          return children.length > 0 ? [{ key: item.path, label, icon, children }] : [];
        }
        if (isExternal(item)) externalByKey.set(item.path, externalUrl(item));
        return [{ key: item.path, label, icon }];
      });
    const built = build(menu);
    return { items: built, externals: externalByKey, rootGroups: new Set(built.flatMap((item) => (item && 'children' in item ? [String(item.key)] : []))) };
  }, [menu, menuTitle]);

  const { selectedKeys, groupKeys } = useMemo(() => locate(menu, pathname), [menu, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(groupKeys);
  // Opening another page opens the groups above it (render-time sync, no effect needed).
  const [syncedPath, setSyncedPath] = useState(pathname);
  if (syncedPath !== pathname) {
    setSyncedPath(pathname);
    setOpenKeys((keys) => [...new Set([...keys.filter((key) => !rootGroups.has(key)), ...groupKeys])]);
  }

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((key) => !openKeys.includes(key));
    // Opening a top-level group closes the other top-level group.
    setOpenKeys(opened && rootGroups.has(opened) ? keys.filter((key) => key === opened || !rootGroups.has(key)) : keys);
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const url = externals.get(key);
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
    else void navigate(withMctl(key, mctl));
    onNavigate?.();
  };

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selectedKeys}
      onClick={onClick}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange } : {})}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }}
    />
  );
}
