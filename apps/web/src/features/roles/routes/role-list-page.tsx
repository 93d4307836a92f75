import { Permission, type RoleRecord, roleResource } from '@cellsight/contract';
import { Button, Input, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '@/kit/resource-page';
import { useHasPermission } from '@/lib/permissions';
import { useUserInfo } from '@/lib/use-session';
import { RoleAuthorizeDrawer } from '../components/role-authorize-drawer';
import { RoleUsersDrawer } from '../components/role-users-drawer';

type Panel = { kind: 'users' | 'authorize'; role: RoleRecord; open: boolean };

/** System administration: roles (spec section 2), with the users holding each role and what each role may do. */
export default function RoleListPage() {
  const { t } = useTranslation('roles');
  const canManageUsers = useHasPermission(Permission.RoleUsers);
  const canAuthorize = useHasPermission(Permission.RoleAuthorize);
  // The platform's roles (no tenant) are every tenant's to give; only the platform's own administrators change them.
  const platform = useUserInfo()?.platform ?? false;
  const changeable = (role: RoleRecord) => platform || role.tenantId !== null;
  const [panel, setPanel] = useState<Panel | null>(null);
  const close = () => setPanel((current) => current && { ...current, open: false });
  const forget = () => setPanel(null);
  const rowActions = (role: RoleRecord) => (
    <>
      {canManageUsers && (
        <Button type="link" size="small" onClick={() => setPanel({ kind: 'users', role, open: true })}>
          {t('actions.users')}
        </Button>
      )}
      {canAuthorize && changeable(role) && (
        <Button type="link" size="small" onClick={() => setPanel({ kind: 'authorize', role, open: true })}>
          {t('actions.authorize')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <ResourcePage
        resource={roleResource}
        columns={[
          {
            field: 'roleName',
            render: (role) => (
              <>
                {role.roleName}
                {role.tenantId === null && (
                  <Tooltip title={t('platformRole.hint')}>
                    <Tag style={{ marginInlineStart: 8 }}>{t('platformRole.tag')}</Tag>
                  </Tooltip>
                )}
              </>
            ),
          },
          'roleCode',
          'description',
          'createTime',
        ]}
        search={[
          { field: 'roleName', rule: 'like' },
          { field: 'roleCode', rule: 'like' },
        ]}
        form={{ fields: ['roleName', 'roleCode', 'description'], inputs: { description: <Input.TextArea rows={3} showCount maxLength={255} /> } }}
        rowActions={canManageUsers || canAuthorize ? rowActions : undefined}
        canEdit={changeable}
        canDelete={changeable}
      />
      <RoleUsersDrawer role={panel?.kind === 'users' ? panel.role : null} open={panel?.kind === 'users' && panel.open} onClose={close} afterClose={forget} />
      <RoleAuthorizeDrawer role={panel?.kind === 'authorize' ? panel.role : null} open={panel?.kind === 'authorize' && panel.open} onClose={close} afterClose={forget} />
    </>
  );
}
