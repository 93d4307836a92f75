import type { DepartTreeNode } from '@cellsight/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { departs } from '../../db/schema.js';

/** Departments (the organisation tree users belong to). */
export const createDepartRepository = (db: Database) => ({
  /** The whole tree, siblings in their configured order. */
  async tree(): Promise<DepartTreeNode[]> {
    const rows = await db.select().from(departs).orderBy(asc(departs.departOrder), asc(departs.departName));
    const nodes = new Map<string, DepartTreeNode>(
      rows.map((row) => [row.id, { id: row.id, key: row.id, value: row.id, title: row.departName, departName: row.departName, orgCode: row.orgCode, parentId: row.parentId, children: [] }]),
    );
    const roots: DepartTreeNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId ? nodes.get(node.parentId) : undefined;
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  },

  /** Which of the given ids exist. */
  async existing(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db.select({ id: departs.id }).from(departs).where(inArray(departs.id, ids));
    return rows.map((r) => r.id);
  },
});

export type DepartRepository = ReturnType<typeof createDepartRepository>;
