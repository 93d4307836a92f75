import type { Envelope, PermissionTreeNode } from '@cellsight/contract';
import { Button, Flex, Space, Tree, type TreeDataNode } from 'antd';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { grantDisplay, grantedInOrder, indexPermissionTree, toggleGrant } from '@/lib/permission-checks';
import { useServerFeedback } from '@/lib/server-feedback';

export interface PermissionGrantTreeProps {
  treeList: PermissionTreeNode[];
  /** The ids granted when the dialog opened: sent back as `lastpermissionIds`. */
  loaded: string[];
  /** Stores the grants (JeecgBoot's save: new ids and loaded ids, comma-joined). */
  save: (request: { permissionIds: string; lastpermissionIds: string }) => Promise<Envelope<unknown>>;
  saving: boolean;
  /** The toast's fallback text after a save. */
  savedText: string;
  /** Called after a save and by Cancel; without it (a tab rather than a dialog) there is no Cancel. */
  onDone?: () => void;
  /**
   * What to show for a row the user clicks (its name, not its box): the data rules of a granted menu.
   * Without it rows are not selectable.
   */
  renderSelected?: (key: string, title: string, granted: boolean) => ReactNode;
}

const toTreeData = (nodes: PermissionTreeNode[]): TreeDataNode[] => nodes.map((node) => ({ key: node.key, title: node.title, isLeaf: node.isLeaf, children: toTreeData(node.children) }));

/**
 * The menus and buttons granted to a role (or a department, or a department role), as a tree of
 * check boxes: ticking a row ticks what is below and above it. Clicking a row's name shows
 * `renderSelected` for it (JeecgBoot opens the data rules of a menu that way).
 */
export function PermissionGrantTree({ treeList, loaded, save, saving, savedText, onDone, renderSelected }: PermissionGrantTreeProps) {
  const { t } = useTranslation('roles');
  const { t: common } = useTranslation();
  const feedback = useServerFeedback();
  const index = useMemo(() => indexPermissionTree(treeList), [treeList]);
  const treeData = useMemo(() => toTreeData(treeList), [treeList]);
  const titles = useMemo(() => {
    const map = new Map<string, string>();
    const visit = (nodes: PermissionTreeNode[]) => nodes.forEach((node) => (map.set(node.key, node.title), visit(node.children)));
    visit(treeList);
    return map;
  }, [treeList]);
  const parents = useMemo(() => index.order.filter((key) => (index.childrenOf.get(key) ?? []).length > 0), [index]);
  const [granted, setGranted] = useState<ReadonlySet<string>>(() => new Set(loaded));
  const [expanded, setExpanded] = useState<Key[]>(parents);
  const [selected, setSelected] = useState<string | null>(null);

  const submit = async () => {
    try {
      // The loaded list goes along: the server grants what is new and revokes what was unticked (JeecgBoot).
      feedback.success(await save({ permissionIds: grantedInOrder(index, granted).join(','), lastpermissionIds: loaded.join(',') }), savedText);
      onDone?.();
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
        selectable={renderSelected !== undefined}
        selectedKeys={selected ? [selected] : []}
        onSelect={(keys) => setSelected(keys[0] === undefined ? null : String(keys[0]))}
        treeData={treeData}
        expandedKeys={expanded}
        onExpand={setExpanded}
        checkedKeys={grantDisplay(index, granted)}
        onCheck={(_keys, info) => setGranted((current) => toggleGrant(index, current, String(info.node.key), info.checked))}
      />
      {renderSelected && selected && renderSelected(selected, titles.get(selected) ?? selected, loaded.includes(selected))}
      <Flex justify="end" gap={8}>
        {onDone && <Button onClick={onDone}>{common('cancel')}</Button>}
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          {common('save')}
        </Button>
      </Flex>
    </Flex>
  );
}
