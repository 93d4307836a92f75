import { Layout, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isDashboardPath, useDocumentTitle } from '@/lib/document-title';
import { onDemand, ShownOnce } from '@/lib/on-demand';
import { usePlatformName } from '@/lib/public-config';
import { breakpoints, useMediaQuery } from '@/lib/use-media-query';
import { useConsole } from '../console/console-context';
import { usePageInfo } from '../console/use-page-info';
import { updateSettings, useSettings } from '../settings/settings';
import { AppBreadcrumb } from './main/app-breadcrumb';
import { GlobalFooter } from './main/global-footer';
import { HeaderBar } from './main/header-bar';
import { KeptPages } from './main/kept-pages';
import { MultiTabBar } from './main/multi-tab-bar';
import { SideMenu } from './main/side-menu';
import { useAutoHideHeader } from './main/use-auto-hide-header';

const siderWidth = 208;

// Drawers load when first opened (the settings also when the pointer or focus reaches their button;
// the menu drawer with a narrow screen, where it is the way to the menu).
const settingsDrawer = onDemand(() => import('./main/settings-drawer').then((module) => ({ default: module.SettingsDrawer })));
const menuDrawer = onDemand(() => import('./main/menu-drawer'));

function Logo({ collapsed, dark }: { collapsed: boolean; dark: boolean }) {
  const { defaultPath } = useConsole();
  const platformName = usePlatformName();
  const { token } = theme.useToken();
  return (
    <Link to={defaultPath} className="cs-logo">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {!collapsed && <span style={{ color: dark ? '#fff' : token.colorText }}>{platformName}</span>}
    </Link>
  );
}

/**
 * The console frame (spec section 2): side or top menu from the server menu, header with
 * breadcrumb and user menu, optional tab bar, the page, and the footer. Below 1088px the menu
 * moves into a drawer and multi-tab mode is off.
 */
export function MainLayout({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const isMobile = useMediaQuery(breakpoints.mobile);
  const isNarrow = useMediaQuery(breakpoints.narrow);
  const { pathname } = useLocation();
  const { title, isHome, trail } = usePageInfo();
  const { token } = theme.useToken();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Bumped by the tab bar's "refresh": remounts the page.
  const [refreshKey, setRefreshKey] = useState(0);
  const [closedPaths, setClosedPaths] = useState<readonly string[]>([]);
  const current = trail[trail.length - 1];
  const keepAliveName = current?.meta.keepAlive ? current.meta.componentName || current.component || current.path : null;

  // The home page and the dashboards show the bare platform name (spec section 1).
  useDocumentTitle(isHome || isDashboardPath(pathname) ? null : title);

  const topMenu = settings.layout === 'topmenu' && !isMobile;
  const sideMenu = !topMenu && !isMobile;
  const fixedHeader = settings.fixedHeader;
  const headerHidden = useAutoHideHeader(fixedHeader && settings.autoHideHeader);
  const multipage = settings.multipage && !isMobile;
  const fixedWidth = topMenu && settings.contentWidth === 'fixed';
  const dark = settings.navTheme === 'dark';

  useEffect(() => {
    if (isMobile) menuDrawer.preload();
  }, [isMobile]);

  const toggle = () => (isMobile ? setDrawerOpen((open) => !open) : updateSettings({ sidebarCollapsed: !settings.sidebarCollapsed }));

  return (
    <Layout className="cs-layout" hasSider={sideMenu}>
      {sideMenu && (
        <Layout.Sider
          theme={settings.navTheme}
          width={siderWidth}
          collapsedWidth={64}
          collapsed={settings.sidebarCollapsed}
          trigger={null}
          collapsible
          className={settings.fixSiderbar ? 'cs-sider cs-sider--fixed' : 'cs-sider'}
          style={dark ? undefined : { background: token.colorBgContainer, borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
        >
          <Logo collapsed={settings.sidebarCollapsed} dark={dark} />
          <SideMenu mode="inline" theme={settings.navTheme} collapsed={settings.sidebarCollapsed} />
        </Layout.Sider>
      )}
      {isMobile && (
        <ShownOnce shown={drawerOpen}>
          <menuDrawer.Component open={drawerOpen} onClose={() => setDrawerOpen(false)} width={siderWidth + 32} dark={dark} background={dark ? '#001529' : token.colorBgContainer}>
            <Logo collapsed={false} dark={dark} />
            <SideMenu mode="inline" theme={settings.navTheme} onNavigate={() => setDrawerOpen(false)} />
          </menuDrawer.Component>
        </ShownOnce>
      )}
      <Layout>
        <HeaderBar
          topMenu={topMenu}
          navTheme={settings.navTheme}
          collapsed={isMobile ? !drawerOpen : settings.sidebarCollapsed}
          onToggle={toggle}
          onOpenSettings={() => setSettingsOpen(true)}
          onSettingsIntent={settingsDrawer.preload}
          fixed={fixedHeader}
          hidden={headerHidden}
          narrow={isNarrow}
          fixedWidth={fixedWidth}
        />
        {multipage && (
          <div className="cs-multitab-wrap" style={{ background: token.colorBgContainer }}>
            <MultiTabBar onRefresh={() => setRefreshKey((key) => key + 1)} onClosed={setClosedPaths} />
          </div>
        )}
        <Layout.Content className="cs-content">
          <div className={fixedWidth ? 'cs-content__inner cs-content__inner--fixed' : 'cs-content__inner'}>
            {(topMenu || isNarrow) && (
              <div className="cs-content__breadcrumb">
                <AppBreadcrumb />
              </div>
            )}
            <KeptPages page={children} pathname={pathname} keepAliveName={keepAliveName} refreshKey={refreshKey} releasedPaths={closedPaths} />
          </div>
        </Layout.Content>
        <GlobalFooter />
      </Layout>
      <ShownOnce shown={settingsOpen}>
        <settingsDrawer.Component open={settingsOpen} onClose={() => setSettingsOpen(false)} isMobile={isMobile} />
      </ShownOnce>
    </Layout>
  );
}
