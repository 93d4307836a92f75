import type { PermissionTreeNode } from '@cellsight/contract';
import type { PermissionTreeRow } from './permission.repository.js';

/**
 * The menu and button rows as one tree (JeecgBoot TreeModel), in menu order. A row whose parent is
 * gone is shown as a root, so every id the dialog may grant is in the tree.
 */
export const buildPermissionTree = (rows: PermissionTreeRow[]): PermissionTreeNode[] => {
  const ids = new Set(rows.map((row) => row.id));
  const childrenOf = new Map<string | null, PermissionTreeRow[]>();
  for (const row of rows) {
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const toNode = (row: PermissionTreeRow): PermissionTreeNode => {
    const children = (childrenOf.get(row.id) ?? []).map(toNode);
    return { key: row.id, title: row.name, slotTitle: row.name, isLeaf: children.length === 0, icon: row.icon, parentId: row.parentId, children };
  };
  return (childrenOf.get(null) ?? []).map(toNode);
};
