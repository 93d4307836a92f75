import { CloseOutlined, ReloadOutlined, VerticalLeftOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { App, Dropdown, type MenuProps, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { storage } from '@/lib/storage';
import { useConsole } from '../../console/console-context';
import { usePageTitleFor } from '../../console/use-page-info';

const titlesKey = 'multipage-titles';

/** Titles seen per route, kept so tabs of pages outside the menu keep their names. */
const rememberedTitles = (): Record<string, string> => storage.get<Record<string, string>>(titlesKey) ?? {};

/**
 * Tabs of the opened pages (multi-tab mode, spec section 2). The home tab cannot be closed and
 * the last page stays; right-click offers refresh and closing to the left, right or all others.
 */
export function MultiTabBar({ onRefresh, onClosed }: { onRefresh: () => void; onClosed?: (paths: string[]) => void }) {
  const { t } = useTranslation('layout');
  const { message } = App.useApp();
  const { defaultPath } = useConsole();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const titleFor = usePageTitleFor();
  const [titles, setTitles] = useState(rememberedTitles);
  const [tabs, setTabs] = useState<string[]>(() => [...new Set([defaultPath, pathname])]);

  // Every page visited gets a tab. Synced when the location changes (not on every render), so a
  // tab being closed is not re-added before the navigation away from it lands.
  const [syncedPath, setSyncedPath] = useState(pathname);
  if (syncedPath !== pathname) {
    setSyncedPath(pathname);
    if (!tabs.includes(pathname)) setTabs([...tabs, pathname]);
  }

  const currentTitle = titleFor(pathname);
  useEffect(() => {
    if (!currentTitle) return;
    setTitles((known) => {
      if (known[pathname] === currentTitle) return known;
      const next = { ...known, [pathname]: currentTitle };
      storage.set(titlesKey, next);
      return next;
    });
  }, [pathname, currentTitle]);

  const label = (path: string) => titleFor(path) ?? titles[path] ?? path;

  /** Keeps `keep` tabs; when the current page goes, shows `fallback`. */
  const keepOnly = (keep: string[], fallback: string) => {
    setTabs(keep);
    onClosed?.(tabs.filter((tab) => !keep.includes(tab)));
    if (!keep.includes(pathname)) void navigate(fallback);
  };

  const close = (path: string) => {
    if (path === defaultPath) {
      void message.warning(t('tabs.homeCannotClose'));
      return;
    }
    if (tabs.length === 1) {
      void message.warning(t('tabs.lastPage'));
      return;
    }
    const index = tabs.indexOf(path);
    const rest = tabs.filter((tab) => tab !== path);
    keepOnly(rest, rest[Math.min(index, rest.length - 1)] ?? defaultPath);
  };

  const contextMenu = (path: string): MenuProps => {
    const index = tabs.indexOf(path);
    return {
      items: [
        { key: 'refresh', label: t('tabs.refresh'), icon: <ReloadOutlined /> },
        { key: 'closeLeft', label: t('tabs.closeLeft'), icon: <VerticalRightOutlined />, disabled: index <= 0 },
        { key: 'closeRight', label: t('tabs.closeRight'), icon: <VerticalLeftOutlined />, disabled: index === tabs.length - 1 },
        { key: 'closeOthers', label: t('tabs.closeOthers'), icon: <CloseOutlined />, disabled: tabs.length <= 1 },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        const keepHome = (tab: string) => tab === defaultPath;
        if (key === 'refresh') {
          if (path !== pathname) void navigate(path);
          onRefresh();
        } else if (key === 'closeLeft') keepOnly(tabs.filter((tab, i) => i >= index || keepHome(tab)), path);
        else if (key === 'closeRight') keepOnly(tabs.filter((tab, i) => i <= index || keepHome(tab)), path);
        else if (key === 'closeOthers') keepOnly(tabs.filter((tab) => tab === path || keepHome(tab)), path);
      },
    };
  };

  return (
    <Tabs
      className="cs-multitab"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={pathname}
      onChange={(path) => void navigate(path)}
      onEdit={(path, action) => {
        if (action === 'remove' && typeof path === 'string') close(path);
      }}
      items={tabs.map((path) => ({
        key: path,
        label: (
          <Dropdown menu={contextMenu(path)} trigger={['contextMenu']}>
            <span>{label(path)}</span>
          </Dropdown>
        ),
      }))}
    />
  );
}
