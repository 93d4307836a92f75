import type { PermissionTreeNode, RoleRecord } from '@cellsight/contract';
import { Button, Drawer, Flex, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useServerFeedback } from '@/lib/server-feedback';
import { usePermissionTree, useRoleGrants, useSaveRoleGrants } from '../api/role-permissions';
import { grantDisplay, grantedInOrder, indexPermissionTree, toggleGrant } from '../lib/permission-checks';

interface RoleAuthorizeDrawerProps {
  role: RoleRecord | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/** The menus and buttons a role grants, as a tree of check boxes. */
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

const toTreeData = (nodes: PermissionTreeNode[]): TreeDataNode[] => nodes.map((node) => ({ key: node.key, title: node.title, isLeaf: node.isLeaf, children: toTreeData(node.children) }));

function GrantTree({ roleId, treeList, loaded, onDone }: { roleId: string; treeList: PermissionTreeNode[]; loaded: string[]; onDone: () => void }) {
  const { t } = useTranslation('roles');
  const { t: common } = useTranslation();
  const feedback = useServerFeedback();
  const save = useSaveRoleGrants(roleId);
  const index = useMemo(() => indexPermissionTree(treeList), [treeList]);
  const treeData = useMemo(() => toTreeData(treeList), [treeList]);
  const parents = useMemo(() => index.order.filter((key) => (index.childrenOf.get(key) ?? []).length > 0), [index]);
  const [granted, setGranted] = useState<ReadonlySet<string>>(() => new Set(loaded));
  const [expanded, setExpanded] = useState<Key[]>(parents);

  const submit = async () => {
    try {
      // The loaded list goes along: the server grants what is new and revokes what was unticked (JeecgBoot).
      const envelope = await save.mutateAsync({ permissionIds: grantedInOrder(index, granted).join(','), lastpermissionIds: loaded.join(',') });
      feedback.success(envelope, t('authorize.saved'));
      onDone();
    } catch (error) {
      feedback.error(error);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Space wrap>
        <Button onClick={() => setExpanded(parents)}>{t('authorize.expandAll')}</Button>
        <Button onClick={() => setExpanded([])}>{t('authorize.collapseAll')}</Button>
        <Button onClick={() => setGranted(new Set(index.order))}>{t('authorize.checkAll')}</Button>
        <Button onClick={() => setGranted(new Set())}>{t('authorize.uncheckAll')}</Button>
      </Space>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        treeData={treeData}
        expandedKeys={expanded}
        onExpand={setExpanded}
        checkedKeys={grantDisplay(index, granted)}
        onCheck={(_keys, info) => setGranted((current) => toggleGrant(index, current, String(info.node.key), info.checked))}
      />
      <Flex justify="end" gap={8}>
        <Button onClick={onDone}>{common('cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          {common('save')}
        </Button>
      </Flex>
    </Flex>
  );
}
