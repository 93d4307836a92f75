import type { DepartRecord, DepartTreeNode } from '@cellsight/contract';
import { type SQL, and, asc, eq, ilike, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { departs, userDeparts, users } from '../../db/schema.js';
import { escapeLike } from '../../kit/list-query.js';

export type DepartRow = typeof departs.$inferSelect;
type DepartInsert = typeof departs.$inferInsert;

export const toDepartRecord = (row: DepartRow): DepartRecord => ({
  ...row,
  createTime: row.createTime.toISOString(),
  updateTime: row.updateTime ? row.updateTime.toISOString() : null,
});

/** A department as a tree node (JeecgBoot `SysDepartTreeModel`), without its children yet. */
export const toTreeNode = (row: DepartRow): DepartTreeNode => ({ ...toDepartRecord(row), key: row.id, value: row.id, title: row.departName, isLeaf: true, children: [] });

/** The rows as a forest; a row whose parent is gone is shown as a root, so no department is lost. */
export const buildForest = <Node extends { children: Node[] }>(rows: DepartRow[], toNode: (row: DepartRow) => Node, onChild?: (parent: Node) => void): Node[] => {
  const nodes = new Map(rows.map((row) => [row.id, toNode(row)]));
  const roots: Node[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as Node;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (parent) {
      parent.children.push(node);
      onChild?.(parent);
    } else roots.push(node);
  }
  return roots;
};

const siblingOrder = [asc(departs.departOrder), asc(departs.departName), asc(departs.orgCode)];

/** Departments (the organisation tree users belong to) and their users (sys_user_depart). */
export const createDepartRepository = (db: Database) => {
  /** Every department within `scope`, siblings in their configured order. */
  const all = (scope: SQL): Promise<DepartRow[]> => db.select().from(departs).where(scope).orderBy(...siblingOrder);

  return {
    all,

    /** The tree within `scope`, siblings in their configured order. */
    async tree(scope: SQL): Promise<DepartTreeNode[]> {
      return buildForest(await all(scope), toTreeNode, (parent) => {
        parent.isLeaf = false;
      });
    },

    /** Departments within `scope` whose name holds the keyword (any case), flat. */
    async search(keyword: string, scope: SQL): Promise<DepartRow[]> {
      return db
        .select()
        .from(departs)
        .where(and(ilike(departs.departName, `%${escapeLike(keyword)}%`), scope))
        .orderBy(...siblingOrder);
    },

    async byId(id: string, scope: SQL): Promise<DepartRow | null> {
      const [row] = await db
        .select()
        .from(departs)
        .where(and(eq(departs.id, id), scope))
        .limit(1);
      return row ?? null;
    },

    /** Which of the given ids name departments within `scope`. */
    async existing(ids: string[], scope: SQL): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: departs.id })
        .from(departs)
        .where(and(inArray(departs.id, ids), scope));
      return rows.map((r) => r.id);
    },

    /** The org codes of the children of `parentId` (of the roots when null). */
    async siblingCodes(parentId: string | null): Promise<string[]> {
      const rows = await db
        .select({ orgCode: departs.orgCode })
        .from(departs)
        .where(parentId === null ? isNull(departs.parentId) : eq(departs.parentId, parentId));
      return rows.map((r) => r.orgCode);
    },

    /** Stores the department unless its org code is taken (another add got there first): then false. */
    async insertIfCodeFree(values: DepartInsert): Promise<boolean> {
      const rows = await db.insert(departs).values(values).onConflictDoNothing({ target: departs.orgCode }).returning({ id: departs.id });
      return rows.length > 0;
    },

    async update(id: string, values: Partial<DepartInsert>, scope: SQL): Promise<boolean> {
      const rows = await db
        .update(departs)
        .set(values)
        .where(and(eq(departs.id, id), scope))
        .returning({ id: departs.id });
      return rows.length > 0;
    },

    /**
     * Deletes the departments unless one of them has a sub-department that is not among them: then
     * nothing is deleted and `blockedBy` names that parent. Their user links cascade; a user whose
     * current department (sys_user.org_code) was deleted has none afterwards, so a later department
     * given the same code does not inherit them.
     */
    async remove(requested: string[], scope: SQL): Promise<{ ids: string[]; userIds: string[]; blockedBy: DepartRow | null }> {
      if (requested.length === 0) return { ids: [], userIds: [], blockedBy: null };
      return db.transaction(async (tx) => {
        const ids = (await tx.select({ id: departs.id }).from(departs).where(and(inArray(departs.id, requested), scope))).map((row) => row.id);
        if (ids.length === 0) return { ids: [], userIds: [], blockedBy: null };
        const [child] = await tx
          .select({ parentId: departs.parentId })
          .from(departs)
          .where(and(inArray(departs.parentId, ids), notInArray(departs.id, ids)))
          .limit(1);
        if (child?.parentId) {
          const [parent] = await tx.select().from(departs).where(eq(departs.id, child.parentId));
          return { ids: [], userIds: [], blockedBy: parent ?? null };
        }
        const members = await tx.selectDistinct({ userId: userDeparts.userId }).from(userDeparts).where(inArray(userDeparts.departId, ids));
        const removed = await tx.delete(departs).where(inArray(departs.id, ids)).returning({ id: departs.id, orgCode: departs.orgCode });
        const codes = removed.map((r) => r.orgCode);
        if (codes.length > 0) await tx.update(users).set({ orgCode: null }).where(inArray(users.orgCode, codes));
        return { ids: removed.map((r) => r.id), userIds: members.map((m) => m.userId), blockedBy: null };
      });
    },

    /** "The user belongs to the department", as a condition on sys_user rows. */
    hasMember(departId: string): SQL {
      return inArray(users.id, db.select({ id: userDeparts.userId }).from(userDeparts).where(eq(userDeparts.departId, departId)));
    },

    /** Puts the users into the department; returns those who were not in it yet. */
    async addUsers(departId: string, userIds: string[]): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .insert(userDeparts)
        .values(userIds.map((userId) => ({ userId, departId })))
        .onConflictDoNothing()
        .returning({ userId: userDeparts.userId });
      return rows.map((r) => r.userId);
    },

    /**
     * Takes the users matching `where` among `userIds` out of the department; returns those who were
     * in it. One whose current department it was has none afterwards.
     */
    async removeUsers(depart: Pick<DepartRow, 'id' | 'orgCode'>, userIds: string[], where: SQL): Promise<string[]> {
      if (userIds.length === 0) return [];
      return db.transaction(async (tx) => {
        const visible = tx.select({ id: users.id }).from(users).where(and(inArray(users.id, userIds), where));
        const rows = await tx
          .delete(userDeparts)
          .where(and(eq(userDeparts.departId, depart.id), inArray(userDeparts.userId, visible)))
          .returning({ userId: userDeparts.userId });
        const removed = rows.map((r) => r.userId);
        if (removed.length > 0) {
          await tx
            .update(users)
            .set({ orgCode: null })
            .where(and(inArray(users.id, removed), eq(users.orgCode, depart.orgCode)));
        }
        return removed;
      });
    },
  };
};

export type DepartRepository = ReturnType<typeof createDepartRepository>;
