import type { PermissionTreeNode } from '@cellsight/contract';

/** The permission tree as lookups: each key's parent and children, and every key in tree order. */
export interface PermissionIndex {
  parentOf: Map<string, string | null>;
  childrenOf: Map<string, string[]>;
  order: string[];
}

export const indexPermissionTree = (nodes: PermissionTreeNode[]): PermissionIndex => {
  const index: PermissionIndex = { parentOf: new Map(), childrenOf: new Map(), order: [] };
  const visit = (node: PermissionTreeNode, parent: string | null) => {
    index.parentOf.set(node.key, parent);
    index.childrenOf.set(
      node.key,
      node.children.map((child) => child.key),
    );
    index.order.push(node.key);
    for (const child of node.children) visit(child, node.key);
  };
  for (const node of nodes) visit(node, null);
  return index;
};

const descendantsOf = (index: PermissionIndex, key: string): string[] => (index.childrenOf.get(key) ?? []).flatMap((child) => [child, ...descendantsOf(index, child)]);

const ancestorsOf = (index: PermissionIndex, key: string): string[] => {
  const parent = index.parentOf.get(key);
  return parent ? [parent, ...ancestorsOf(index, parent)] : [];
};

/**
 * Ticks or unticks one row the way a linked tree does: ticking a row ticks everything below it and
 * every row above it (a button is useless without its menu); unticking a row unticks everything
 * below it, and a row above that no longer has anything ticked below it.
 */
export const toggleGrant = (index: PermissionIndex, granted: ReadonlySet<string>, key: string, on: boolean): Set<string> => {
  const next = new Set(granted);
  const below = descendantsOf(index, key);
  if (on) {
    for (const id of [key, ...below, ...ancestorsOf(index, key)]) next.add(id);
    return next;
  }
  for (const id of [key, ...below]) next.delete(id);
  for (const ancestor of ancestorsOf(index, key)) {
    if (descendantsOf(index, ancestor).some((id) => next.has(id))) break;
    next.delete(ancestor);
  }
  return next;
};

/** How the tree shows the grants: a granted row with everything below it granted is ticked, one with only part of it half-ticked. */
export const grantDisplay = (index: PermissionIndex, granted: ReadonlySet<string>): { checked: string[]; halfChecked: string[] } => {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  for (const key of index.order) {
    if (!granted.has(key)) continue;
    if (descendantsOf(index, key).every((id) => granted.has(id))) checked.push(key);
    else halfChecked.push(key);
  }
  return { checked, halfChecked };
};

/** The granted ids in tree order (the ids of rows no longer in the tree are left out). */
export const grantedInOrder = (index: PermissionIndex, granted: ReadonlySet<string>): string[] => index.order.filter((key) => granted.has(key));
