import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type DepartTreeNode, DepartStatus, OrgCategory, Permission, departResource } from '@cellsight/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Popconfirm, Space, Spin, Tree } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { ResourceFormDialog, useResourceMutations } from '@/kit/resource-page';
import { useHasPermission } from '@/lib/permissions';
import { useServerFeedback } from '@/lib/server-feedback';
import { useDepartSearch } from '../api/departments';
import { departFormFields, useDepartInputs, wideDepartFields } from './depart-inputs';

interface TreeItem {
  key: string;
  title: string;
  children: TreeItem[];
}

const toTreeItems = (nodes: DepartTreeNode[]): TreeItem[] => nodes.map((node) => ({ key: node.id, title: node.departName, children: toTreeItems(node.children) }));
const parentKeys = (nodes: DepartTreeNode[]): string[] => nodes.flatMap((node) => (node.children.length > 0 ? [node.id, ...parentKeys(node.children)] : []));

interface DepartTreePanelProps {
  tree: UseQueryResult<DepartTreeNode[]>;
  selected: DepartTreeNode | null;
  onSelect: (id: string | null) => void;
}

/**
 * The department tree: a name search (the server's searchBy, answered as a flat list), adding a
 * top-level department or one below the selected one, and deleting the selected one after a
 * confirmation. Each button shows only with its permission.
 */
export function DepartTreePanel({ tree, selected, onSelect }: DepartTreePanelProps) {
  const { t } = useTranslation('departments');
  const feedback = useServerFeedback();
  const inputs = useDepartInputs();
  const canAdd = useHasPermission(Permission.DepartAdd);
  const canDelete = useHasPermission(Permission.DepartDelete);
  const { remove } = useResourceMutations(departResource);
  const [keyword, setKeyword] = useState('');
  const found = useDepartSearch(keyword);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  /** The open add dialog: below which department (null: a top-level one). */
  const [adding, setAdding] = useState<{ parent: DepartTreeNode | null; open: boolean } | null>(null);

  // The first time the tree arrives, every department with sub-departments is open.
  useEffect(() => {
    if (tree.data && expanded === null) setExpanded(parentKeys(tree.data));
  }, [tree.data, expanded]);

  const openAdd = (parent: DepartTreeNode | null) => {
    // The new department shows at once: its parent opens.
    if (parent) setExpanded((keys) => [...new Set([...(keys ?? []), parent.id])]);
    setAdding({ parent, open: true });
  };

  const deleteSelected = async () => {
    if (!selected) return;
    try {
      feedback.success(await remove.mutateAsync([selected.id]), t('common:resource.deleted'));
      onSelect(null);
    } catch (error) {
      feedback.error(error);
    }
  };

  const searching = keyword !== '';
  const shown = searching ? found : tree;
  const items = searching ? (found.data ?? []).map((node) => ({ key: node.id, title: node.departName, children: [] })) : toTreeItems(tree.data ?? []);

  return (
    <Card title={t('tree.title')}>
      <Input.Search allowClear placeholder={t('tree.search')} aria-label={t('tree.search')} onSearch={(value) => setKeyword(value.trim())} style={{ marginBottom: 12 }} />
      {(canAdd || canDelete) && (
        <Space wrap style={{ marginBottom: 12 }}>
          {canAdd && (
            <Button icon={<PlusOutlined />} onClick={() => openAdd(null)}>
              {t('tree.addRoot')}
            </Button>
          )}
          {canAdd && (
            <Button icon={<PlusOutlined />} disabled={!selected} onClick={() => openAdd(selected)}>
              {t('tree.addChild')}
            </Button>
          )}
          {canDelete &&
            (selected ? (
              <Popconfirm title={t('tree.confirmDelete', { name: selected.departName })} okText={t('common:ok')} cancelText={t('common:cancel')} onConfirm={() => deleteSelected()}>
                <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                  {t('tree.delete')}
                </Button>
              </Popconfirm>
            ) : (
              <Button danger icon={<DeleteOutlined />} disabled>
                {t('tree.delete')}
              </Button>
            ))}
        </Space>
      )}
      {shown.isError ? (
        <LoadErrorAlert error={shown.error} onRetry={() => void shown.refetch()} />
      ) : shown.isPending ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searching ? t('tree.noMatch') : t('tree.empty')} />
      ) : (
        <Tree<TreeItem>
          blockNode
          showLine
          treeData={items}
          expandedKeys={expanded ?? []}
          onExpand={(keys) => setExpanded(keys.map(String))}
          selectedKeys={selected ? [selected.id] : []}
          onSelect={(keys) => {
            const [key] = keys;
            // Clicking the selected department again keeps it selected.
            if (key !== undefined) onSelect(String(key));
          }}
        />
      )}
      {adding && (
        <ResourceFormDialog
          resource={departResource}
          form={{
            fields: departFormFields,
            inputs,
            wide: wideDepartFields,
            initialValues: { orgCategory: adding.parent ? OrgCategory.Department : OrgCategory.Company, status: DepartStatus.Enabled, departOrder: 0 },
          }}
          record={null}
          fixedValues={adding.parent ? { parentId: adding.parent.id } : undefined}
          open={adding.open}
          onClose={() => setAdding((slot) => slot && { ...slot, open: false })}
          afterClose={() => setAdding(null)}
        />
      )}
    </Card>
  );
}
