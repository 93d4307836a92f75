import { type DepartRoleRecord, type DepartTreeNode, Permission, departRoleEndpoints, departRoleResource } from '@cellsight/contract';
import { Button, Drawer, Input, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataRuleChoicePanel } from '@/components/data-rule-choice';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { MembersPanel } from '@/components/members-panel';
import { PermissionGrantTree } from '@/components/permission-grant-tree';
import { ResourcePage } from '@/kit/resource-page';
import { api } from '@/lib/api-client';
import { useHasPermission } from '@/lib/permissions';
import { departRoleUserCalls, useDepartRoleGrants, useDepartRoleTree, useSaveDepartRoleGrants } from '../api/depart-permissions';

type Panel = { kind: 'users' | 'authorize'; role: DepartRoleRecord; open: boolean };

/**
 * The roles a department keeps (JeecgBoot department roles): their list and form, their menus and
 * data rules within the department's own, and the department's users who hold them. Mounted per department.
 */
export function DepartRolesPanel({ depart }: { depart: DepartTreeNode }) {
  const { t } = useTranslation('data-rules');
  const canEdit = useHasPermission(Permission.DepartRoleEdit);
  const [panel, setPanel] = useState<Panel | null>(null);
  const close = () => setPanel((current) => current && { ...current, open: false });
  const forget = () => setPanel(null);
  const rowActions = (role: DepartRoleRecord) => (
    <>
      <Button type="link" size="small" onClick={() => setPanel({ kind: 'users', role, open: true })}>
        {t('departRole.users')}
      </Button>
      {canEdit && (
        <Button type="link" size="small" onClick={() => setPanel({ kind: 'authorize', role, open: true })}>
          {t('departRole.authorize')}
        </Button>
      )}
    </>
  );
  return (
    <>
      <ResourcePage
        resource={departRoleResource}
        title={false}
        inUrl={false}
        fixedQuery={{ departId: depart.id }}
        columns={['roleName', 'roleCode', 'description', 'createTime']}
        search={[{ field: 'roleName', rule: 'like' }]}
        form={{ fields: ['roleName', 'roleCode', 'description'], editFields: ['roleName', 'roleCode', 'description'], inputs: { description: <Input.TextArea rows={3} showCount maxLength={255} /> } }}
        rowActions={rowActions}
      />
      <Drawer
        open={panel?.open ?? false}
        title={panel ? t(panel.kind === 'users' ? 'departRole.usersTitle' : 'departRole.authorizeTitle', { name: panel.role.roleName }) : undefined}
        size={panel?.kind === 'users' ? 800 : 560}
        onClose={close}
        afterOpenChange={(visible) => {
          if (!visible) forget();
        }}
        destroyOnHidden
      >
        {panel?.kind === 'users' && (
          <MembersPanel
            listUrl={departRoleEndpoints.users.path}
            fixedQuery={{ roleId: panel.role.id }}
            columns={['username', 'realname', 'phone', 'status']}
            canEdit={canEdit}
            {...departRoleUserCalls(panel.role.id)}
            picker="usersByDepartment"
            texts={{
              pickerTitle: t('departRole.pickUsers', { name: depart.departName }),
              confirmRemove: (count) => t('departRole.confirmRemove', { count }),
              added: t('departRole.usersAdded'),
              removed: t('departRole.usersRemoved'),
              empty: t('departRole.noUsers'),
            }}
          />
        )}
        {panel?.kind === 'authorize' && <DepartRoleGrants role={panel.role} onDone={close} />}
      </Drawer>
    </>
  );
}

function DepartRoleGrants({ role, onDone }: { role: DepartRoleRecord; onDone: () => void }) {
  const { t } = useTranslation('data-rules');
  const tree = useDepartRoleTree(role.departId);
  const grants = useDepartRoleGrants(role.id);
  const save = useSaveDepartRoleGrants(role);
  const failed = tree.isError ? tree : grants.isError ? grants : null;
  if (failed) return <LoadErrorAlert error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!tree.data || !grants.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <PermissionGrantTree
      treeList={tree.data.treeList}
      loaded={grants.data}
      save={(request) => save.mutateAsync(request)}
      saving={save.isPending}
      savedText={t('departRole.authorizeSaved')}
      onDone={onDone}
      renderSelected={(permissionId, title, granted) => (
        <DataRuleChoicePanel
          key={permissionId}
          menuTitle={title}
          choiceKey={['departRole', role.id, permissionId]}
          load={() => api.call(departRoleEndpoints.roleChoice, { params: { permissionId, roleId: role.id } })}
          save={(dataRuleIds) => api.call(departRoleEndpoints.saveRoleChoice, { body: { permissionId, roleId: role.id, dataRuleIds } })}
          granted={granted}
        />
      )}
    />
  );
}
