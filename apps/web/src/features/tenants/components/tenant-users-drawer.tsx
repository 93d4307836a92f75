import { Permission, type TenantRecord, tenantResource } from '@cellsight/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { MembersPanel } from '@/components/members-panel';
import { resourceKeys } from '@/kit/resource-page';
import { useHasPermission } from '@/lib/permissions';
import { tenantUserCalls } from '../api/tenants';

interface TenantUsersDrawerProps {
  tenant: TenantRecord | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/** The users of a tenant: search them, add users (who may belong to several tenants) by department, take them out. */
export function TenantUsersDrawer({ tenant, open, onClose, afterClose }: TenantUsersDrawerProps) {
  const { t } = useTranslation('tenants');
  const queryClient = useQueryClient();
  const canEdit = useHasPermission(Permission.TenantUsers);
  const refreshTenants = () => void queryClient.invalidateQueries({ queryKey: resourceKeys.all(tenantResource) });
  return (
    <Drawer
      open={open}
      title={tenant ? t('users.title', { name: tenant.name }) : undefined}
      size={800}
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) afterClose();
      }}
      destroyOnHidden
    >
      {tenant && (
        <MembersPanel
          listUrl="/sys/tenant/userList"
          fixedQuery={{ tenantId: String(tenant.id) }}
          columns={['username', 'realname', 'phone', 'status', 'createTime']}
          canEdit={canEdit}
          {...tenantUserCalls(tenant.id, refreshTenants)}
          picker="usersByDepartment"
          texts={{
            pickerTitle: t('users.pickTitle', { name: tenant.name }),
            confirmRemove: (count) => t('users.confirmRemove', { count }),
            added: t('users.added'),
            removed: t('users.removed'),
            empty: t('users.empty'),
          }}
        />
      )}
    </Drawer>
  );
}
