import { type PermissionTreeNode, type RoleRecord, dataRuleEndpoints } from '@cellsight/contract';
import { Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataRuleChoicePanel } from '@/components/data-rule-choice';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PermissionGrantTree } from '@/components/permission-grant-tree';
import { api } from '@/lib/api-client';
import { usePermissionTree, useRoleGrants, useSaveRoleGrants } from '../api/role-permissions';

interface RoleAuthorizeDrawerProps {
  role: RoleRecord | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/** The menus and buttons a role grants, as a tree of check boxes; a clicked menu shows the data rules the role applies on it. */
export function RoleAuthorizeDrawer({ role, open, onClose, afterClose }: RoleAuthorizeDrawerProps) {
  const { t } = useTranslation('roles');
  return (
    <Drawer
      open={open}
      title={role ? t('authorize.title', { name: role.roleName }) : undefined}
      size={560}
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) afterClose();
      }}
      destroyOnHidden
    >
      {role && <RoleGrants roleId={role.id} onDone={onClose} />}
    </Drawer>
  );
}

function RoleGrants({ roleId, onDone }: { roleId: string; onDone: () => void }) {
  const tree = usePermissionTree();
  const grants = useRoleGrants(roleId);
  const failed = tree.isError ? tree : grants.isError ? grants : null;
  if (failed) return <LoadErrorAlert error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!tree.data || !grants.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return <GrantTree roleId={roleId} treeList={tree.data.treeList} loaded={grants.data} onDone={onDone} />;
}

function GrantTree({ roleId, treeList, loaded, onDone }: { roleId: string; treeList: PermissionTreeNode[]; loaded: string[]; onDone: () => void }) {
  const { t } = useTranslation('roles');
  const save = useSaveRoleGrants(roleId);
  return (
    <PermissionGrantTree
      treeList={treeList}
      loaded={loaded}
      save={(request) => save.mutateAsync(request)}
      saving={save.isPending}
      savedText={t('authorize.saved')}
      onDone={onDone}
      // A clicked menu shows its data rules, ticked where this role applies them.
      renderSelected={(permissionId, title, granted) => (
        <DataRuleChoicePanel
          key={permissionId}
          menuTitle={title}
          choiceKey={['role', roleId, permissionId]}
          load={() => api.call(dataRuleEndpoints.roleChoice, { params: { permissionId, roleId } })}
          save={(dataRuleIds) => api.call(dataRuleEndpoints.saveRoleChoice, { body: { permissionId, roleId, dataRuleIds } })}
          granted={granted}
        />
      )}
    />
  );
}
