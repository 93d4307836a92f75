import { type DepartTreeNode, Permission } from '@cellsight/contract';
import { Card, Col, Empty, Row, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '@/lib/permissions';
import { useDepartTree } from '../api/departments';
import { DepartInfoForm } from '../components/depart-info-form';
import { DepartPermissionPanel } from '../components/depart-permission-panel';
import { DepartRolesPanel } from '../components/depart-roles-panel';
import { DepartTreePanel } from '../components/depart-tree-panel';
import { DepartUsersPanel } from '../components/depart-users-panel';

/** The department with this id and its parent, anywhere in the tree. */
const findInTree = (nodes: DepartTreeNode[], id: string, parent: DepartTreeNode | null = null): { node: DepartTreeNode; parent: DepartTreeNode | null } | null => {
  for (const node of nodes) {
    if (node.id === id) return { node, parent };
    const found = findInTree(node.children, id, node);
    if (found) return found;
  }
  return null;
};

/**
 * System administration: departments (spec section 2). The tree on the left; the selected
 * department's basic information and its users on the right. The selection is read from the
 * latest tree, so a saved change shows at once and a deleted department leaves the panel empty.
 */
export default function DepartListPage() {
  const { t } = useTranslation('departments');
  const tree = useDepartTree();
  const canGrant = useHasPermission(Permission.DepartPermission);
  const canListRoles = useHasPermission(Permission.DepartRoleList);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const found = selectedId && tree.data ? findInTree(tree.data, selectedId) : null;
  const selected = found?.node ?? null;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9} xl={8}>
        <DepartTreePanel tree={tree} selected={selected} onSelect={setSelectedId} />
      </Col>
      <Col xs={24} lg={15} xl={16}>
        <Card title={selected?.departName}>
          {selected ? (
            <Tabs
              // Each department starts on its own forms and lists.
              key={selected.id}
              items={[
                { key: 'info', label: t('tabs.info'), children: <DepartInfoForm key={`${selected.id}/${selected.updateTime ?? ''}`} depart={selected} parentName={found?.parent?.departName ?? null} /> },
                { key: 'users', label: t('tabs.users'), children: <DepartUsersPanel depart={selected} /> },
                ...(canGrant ? [{ key: 'permissions', label: t('data-rules:depart.permissionsTab'), children: <DepartPermissionPanel depart={selected} /> }] : []),
                ...(canListRoles ? [{ key: 'roles', label: t('data-rules:depart.rolesTab'), children: <DepartRolesPanel depart={selected} /> }] : []),
              ]}
            />
          ) : (
            <Empty description={t('noSelection')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
