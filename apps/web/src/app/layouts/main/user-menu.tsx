import { ApartmentOutlined, GlobalOutlined, KeyOutlined, LogoutOutlined, PlusCircleOutlined, SettingOutlined, SolutionOutlined, UserOutlined } from '@ant-design/icons';
import { MenuComponent, Permission } from '@cellsight/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Dropdown, type MenuProps, Space, theme } from 'antd';
import { type CSSProperties, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguageItems } from '@/components/language-menu';
import { logout } from '@/features/auth/api/logout';
import { useWorkplaces } from '@/features/auth/api/workplaces';
import { fileUrl } from '@/lib/api-client';
import { loginRoute } from '@/lib/login-redirect';
import { useHasPermission } from '@/lib/permissions';
import { session } from '@/lib/session';
import { useUserInfo } from '@/lib/use-session';
import { useConsole } from '../../console/console-context';
import { findMenuPath } from '../../console/menu-tree';

// The account dialogs load when first opened.
const UserSettingsModal = lazy(() => import('@/features/account/components/user-settings-modal').then((m) => ({ default: m.UserSettingsModal })));
const ChangePasswordModal = lazy(() => import('@/features/account/components/change-password-modal').then((m) => ({ default: m.ChangePasswordModal })));
const SwitchWorkplaceModal = lazy(() => import('@/features/auth/components/switch-workplace-modal').then((m) => ({ default: m.SwitchWorkplaceModal })));

type Dialog = 'settings' | 'password' | 'workplace';

/**
 * The user menu of the header (spec section 2): the worklist, switching department or tenant, language, create site, user settings and password
 * change (not for demo accounts), and sign-out after a confirmation.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('layout');
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userInfo = useUserInfo();
  const languageItems = useLanguageItems();
  const [open, setOpen] = useState<Dialog | null>(null);
  // Dialogs stay mounted after their first opening so they can animate closed.
  const [mounted, setMounted] = useState<Set<Dialog>>(() => new Set());
  const demo = userInfo?.demo ?? false;
  const { menu } = useConsole();
  // 'Create site' opens the creation wizard's page, where the user's menu has it (spec section 2).
  const createSitePath = findMenuPath(menu, MenuComponent.StationAdd);
  const mayCreateSite = useHasPermission(Permission.StationAdd) && !demo && createSitePath !== null;
  // 'Open worklist' (spec section 2): the ticket list, where the user's menu has it.
  const worklistPath = findMenuPath(menu, MenuComponent.TicketList);
  // 'Switch department' where the user has several departments or tenants (spec section 6).
  const workplaces = useWorkplaces().data;
  const maySwitch = workplaces !== undefined && (workplaces.list.length > 1 || workplaces.tenantList.length > 1);

  const show = (dialog: Dialog) => {
    setMounted((current) => new Set(current).add(dialog));
    setOpen(dialog);
  };

  const signOut = () => {
    modal.confirm({
      title: t('signOut.title'),
      content: t('signOut.content'),
      okText: t('signOut.ok'),
      onOk: async () => {
        // Spec section 4: clear the session, then tell the server, proceeding whatever it answers.
        // Nothing waits for that call, so signing out is instant even when the server is slow.
        const token = session.token;
        session.clear();
        if (token) void logout(token).catch(() => undefined);
        await navigate(loginRoute, { replace: true });
        queryClient.clear();
      },
    });
  };

  const items: MenuProps['items'] = [
    ...(worklistPath ? [{ key: 'worklist', label: t('userMenu.worklist'), icon: <SolutionOutlined />, onClick: () => void navigate(worklistPath) }] : []),
    ...(maySwitch ? [{ key: 'workplace', label: t('userMenu.switchWorkplace'), icon: <ApartmentOutlined />, onClick: () => show('workplace') }] : []),
    { key: 'language', label: t('userMenu.language'), icon: <GlobalOutlined />, children: languageItems },
    ...(demo
      ? []
      : [
          ...(mayCreateSite && createSitePath ? [{ key: 'createSite', label: t('userMenu.createSite'), icon: <PlusCircleOutlined />, onClick: () => void navigate(createSitePath) }] : []),
          { key: 'settings', label: t('userMenu.settings'), icon: <SettingOutlined />, onClick: () => show('settings') },
          { key: 'password', label: t('userMenu.password'), icon: <KeyOutlined />, onClick: () => show('password') },
        ]),
    { type: 'divider' as const },
    { key: 'signOut', label: t('userMenu.signOut'), icon: <LogoutOutlined />, onClick: signOut },
  ];

  const name = userInfo?.realname || userInfo?.username || '';
  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
        <button type="button" className="cs-header__action cs-user-menu" aria-label={t('userMenu.label')}>
          <Space size={8}>
            <Avatar size="small" src={fileUrl(userInfo?.avatar)} icon={<UserOutlined />} alt="" />
            {/* Coloured as antd's Typography.Text (the dark header overrides it), without Typography's weight. */}
            {!compact && (
              <span className="cs-user-menu__name" style={{ '--cs-user-name': token.colorText, lineHeight: token.lineHeight } as CSSProperties}>
                {name}
              </span>
            )}
          </Space>
        </button>
      </Dropdown>
      <Suspense fallback={null}>
        {mounted.has('settings') && <UserSettingsModal open={open === 'settings'} onClose={() => setOpen(null)} />}
        {mounted.has('password') && <ChangePasswordModal open={open === 'password'} onClose={() => setOpen(null)} />}
        {open === 'workplace' && <SwitchWorkplaceModal onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}
