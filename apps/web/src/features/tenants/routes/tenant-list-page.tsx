import { Permission, type TenantRecord, TenantStatus, tenantResource } from '@cellsight/contract';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionalDateTimeInput, ResourcePage } from '@/kit/resource-page';
import { useHasPermission } from '@/lib/permissions';
import { useServerFeedback } from '@/lib/server-feedback';
import { useSetTenantStatus } from '../api/tenants';
import { TenantUsersDrawer } from '../components/tenant-users-drawer';

type Panel = { tenant: TenantRecord; open: boolean };


/**
 * System administration: tenants (spec section 2). The server lists only the tenants the caller
 * administers; freezing ends the sessions working in a tenant, so it asks first.
 */
export default function TenantListPage() {
  const { t } = useTranslation('tenants');
  const feedback = useServerFeedback();
  const canFreeze = useHasPermission(Permission.TenantFrozen);
  const canManageUsers = useHasPermission(Permission.TenantUsers);
  const setStatus = useSetTenantStatus();
  const [panel, setPanel] = useState<Panel | null>(null);

  const changeStatus = async (ids: number[], status: 0 | 1) => {
    try {
      feedback.success(await setStatus.mutateAsync({ ids: ids.join(','), status }), status === TenantStatus.Frozen ? t('frozen') : t('unfrozen'));
    } catch (error) {
      feedback.error(error);
    }
  };

  const rowActions = (tenant: TenantRecord) => (
    <>
      {canManageUsers && (
        <Button type="link" size="small" onClick={() => setPanel({ tenant, open: true })}>
          {t('actions.users')}
        </Button>
      )}
      {canFreeze &&
        (tenant.status === TenantStatus.Frozen ? (
          <Button type="link" size="small" onClick={() => void changeStatus([tenant.id], TenantStatus.Normal)}>
            {t('actions.unfreeze')}
          </Button>
        ) : (
          <Popconfirm title={t('confirmFreeze', { name: tenant.name })} okText={t('actions.freeze')} cancelText={t('common:cancel')} onConfirm={() => changeStatus([tenant.id], TenantStatus.Frozen)}>
            <Button type="link" size="small" danger>
              {t('actions.freeze')}
            </Button>
          </Popconfirm>
        ))}
    </>
  );

  const dates = { beginDate: <OptionalDateTimeInput />, endDate: <OptionalDateTimeInput /> };
  return (
    <>
      <ResourcePage
        resource={tenantResource}
        rowKey={(tenant) => String(tenant.id)}
        columns={['id', 'name', 'status', 'userCount', 'beginDate', 'endDate', 'createTime']}
        search={[{ field: 'name', rule: 'like' }, { field: 'status' }]}
        form={{ fields: ['id', 'name', 'beginDate', 'endDate'], editFields: ['name', 'beginDate', 'endDate'], inputs: dates }}
        rowActions={canFreeze || canManageUsers ? rowActions : undefined}
      />
      <TenantUsersDrawer tenant={panel?.tenant ?? null} open={panel?.open ?? false} onClose={() => setPanel((current) => current && { ...current, open: false })} afterClose={() => setPanel(null)} />
    </>
  );
}
