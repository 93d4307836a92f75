import type { RoleRecord } from '@cellsight/contract';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { MembersPanel } from '@/components/members-panel';
import { roleUserCalls } from '../api/role-users';

interface RoleUsersDrawerProps {
  role: RoleRecord | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/** The users holding a role: search them, give the role to more users, take it away. */
export function RoleUsersDrawer({ role, open, onClose, afterClose }: RoleUsersDrawerProps) {
  const { t } = useTranslation('roles');
  return (
    <Drawer
      open={open}
      title={role ? t('users.title', { name: role.roleName }) : undefined}
      size={800}
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) afterClose();
      }}
      destroyOnHidden
    >
      {role && (
        <MembersPanel
          listUrl="/sys/user/userRoleList"
          fixedQuery={{ roleId: role.id }}
          columns={['username', 'realname', 'phone', 'status', 'createTime']}
          canEdit
          {...roleUserCalls(role.id)}
          picker="users"
          texts={{
            pickerTitle: t('users.pickTitle'),
            confirmRemove: (count) => t('users.confirmRemove', { count }),
            added: t('users.added'),
            removed: t('users.removed'),
          }}
        />
      )}
    </Drawer>
  );
}
