import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Layout, theme, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlatformName } from '@/lib/public-config';
import { useConsole } from '../../console/console-context';
import { AppBreadcrumb } from './app-breadcrumb';
import { MenuSearch } from './menu-search';
import { NoticeBell } from './notice-bell';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

export interface HeaderBarProps {
  /** Top-menu layout on a desktop: the menu lives in the header. */
  topMenu: boolean;
  navTheme: 'dark' | 'light';
  collapsed: boolean;
  onToggle: () => void;
  onOpenSettings: () => void;
  /** The pointer or focus reached the settings button: a chance to load the drawer before the click. */
  onSettingsIntent?: () => void;
  fixed: boolean;
  hidden: boolean;
  narrow: boolean;
  fixedWidth: boolean;
}

/** Header: menu toggle, breadcrumb (or the top menu), menu search, settings, the notice bell and user menu. */
export function HeaderBar({ topMenu, navTheme, collapsed, onToggle, onOpenSettings, onSettingsIntent, fixed, hidden, narrow, fixedWidth }: HeaderBarProps) {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const { defaultPath } = useConsole();
  const platformName = usePlatformName();
  const dark = topMenu && navTheme === 'dark';

  const classes = ['cs-header', fixed && 'cs-header--fixed', hidden && 'cs-header--hidden', dark && 'cs-header--dark'].filter(Boolean).join(' ');
  return (
    <Layout.Header className={classes} style={{ background: dark ? undefined : token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <div className={topMenu && fixedWidth ? 'cs-header__inner cs-header__inner--fixed' : 'cs-header__inner'}>
        {topMenu ? (
          <>
            <Link to={defaultPath} className="cs-logo cs-logo--top">
              <img src="/favicon.svg" alt="" width={28} height={28} />
              {!narrow && <span style={{ color: dark ? '#fff' : token.colorText }}>{platformName}</span>}
            </Link>
            <SideMenu mode="horizontal" theme={navTheme} />
          </>
        ) : (
          <>
            <Button
              type="text"
              className="cs-header__toggle"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={onToggle}
              aria-label={collapsed ? t('header.expand') : t('header.collapse')}
            />
            {!narrow && (
              <div className="cs-header__breadcrumb">
                <AppBreadcrumb />
              </div>
            )}
          </>
        )}
        <div className="cs-header__tools">
          {!narrow && <MenuSearch />}
          <Tooltip title={t('header.settings')}>
            <Button type="text" icon={<SettingOutlined />} onClick={onOpenSettings} onPointerEnter={onSettingsIntent} onFocus={onSettingsIntent} aria-label={t('header.settings')} className={dark ? 'cs-header__dark-button' : undefined} />
          </Tooltip>
          <NoticeBell dark={dark} />
          <UserMenu compact={narrow} />
        </div>
      </div>
    </Layout.Header>
  );
}
