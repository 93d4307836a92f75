import { categoryRootPid, type categoryResource } from '@cellsight/contract';
import { type SQL, and, asc, count, eq, inArray, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { uniqueViolation } from '../../db/database-errors.js';
import { newId } from '../../lib/ids.js';
import type { ResourceServiceOptions } from '../../kit/resource-service.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { nextOrgCode } from '../../lib/org-code.js';
import { workingTenantId } from '../../access/tenant-scope.js';
import { categories } from './category.table.js';

export type CategoryRow = typeof categories.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

/** The extra equality filters a tree call may carry (`condition`), by contract field. */
export type CategoryFilters = Partial<Record<'name' | 'code' | 'hasChild' | 'createBy', string>>;
const filterColumns = { name: categories.name, code: categories.code, hasChild: categories.hasChild, createBy: categories.createBy } as const;

/** `like` on a code prefix: the code's own characters are letters and digits, so no escaping is needed. */
const subtreeOf = (code: string) => like(categories.code, `${code}%`);

/**
 * The one tenant whose tree a caller works in: the tenant chosen with the `tenant-id` header, else
 * the first tenant the caller belongs to (codes are unique per tenant, so trees never mix).
 */
export const categoryTenantOf = (caller: { userId: string; tenantId: number }): SQL => workingTenantId(caller);

export const createCategoryRepository = (db: Database) => {
  const inTenant = (tenantId: number) => eq(categories.tenantId, tenantId);

  /** The next free code among the children of `pid` ('0': roots), or null when the level is full. */
  const nextCode = async (executor: Executor, tenantId: number, pid: string): Promise<string | null> => {
    let parentCode = '';
    if (pid !== categoryRootPid) {
      const [parent] = await executor.select({ code: categories.code }).from(categories).where(and(inTenant(tenantId), eq(categories.id, pid)));
      if (!parent) return null;
      parentCode = parent.code;
    }
    const taken = await executor.select({ code: categories.code }).from(categories).where(and(inTenant(tenantId), eq(categories.pid, pid)));
    return nextOrgCode(parentCode, taken.map((row) => row.code));
  };

  /** Sets `has_child` of a parent from whether it still has children. */
  const refreshHasChild = async (tx: Transaction, tenantId: number, pid: string) => {
    if (pid === categoryRootPid) return;
    const [row] = await tx.select({ children: count() }).from(categories).where(and(inTenant(tenantId), eq(categories.pid, pid)));
    await tx.update(categories).set({ hasChild: (row?.children ?? 0) > 0 ? '1' : '0' }).where(and(inTenant(tenantId), eq(categories.id, pid)));
  };

  /** Runs a write that takes a new code, again when a parallel write took the same code first. */
  const withFreshCode = async <T>(write: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await write();
      } catch (error) {
        if (attempt >= 5 || !uniqueViolation(error, 'sys_category_tenant_code_key')) throw error;
      }
    }
  };

  return {
    /** What the screen kit reads categories through: the table, the list's columns and the caller's tenant. */
    screen: {
      table: categories,
      repository: createTableRepository(db, categories),
      columns: { pid: categories.pid, name: categories.name, code: categories.code, hasChild: categories.hasChild, createTime: categories.createTime },
      scope: (auth) => eq(categories.tenantId, categoryTenantOf(auth)),
    } satisfies Omit<ResourceServiceOptions<typeof categoryResource, typeof categories>, 'resource' | 'dicts'>,

    nextCode: (tenantId: number, pid: string) => nextCode(db, tenantId, pid),

    /** The caller's working tenant (`categoryTenantOf`), null for a caller in no tenant. */
    async tenantOf(caller: { userId: string; tenantId: number }): Promise<number | null> {
      const rows = (await db.execute(sql`select ${categoryTenantOf(caller)} as "tenantId"`)) as unknown as { rows: { tenantId: number | null }[] };
      return rows.rows[0]?.tenantId ?? null;
    },

    async byId(tenantId: number, id: string): Promise<CategoryRow | null> {
      const [row] = await db.select().from(categories).where(and(inTenant(tenantId), eq(categories.id, id)));
      return row ?? null;
    },

    async byField(tenantId: number, field: 'id' | 'code' | 'name', value: string): Promise<CategoryRow[]> {
      return db.select().from(categories).where(and(inTenant(tenantId), eq(categories[field], value))).limit(2);
    },

    /** The children of `pid`, in code order, with the extra filters. */
    async children(tenantId: number, pid: string, filters: CategoryFilters = {}): Promise<CategoryRow[]> {
      const conditions: SQL[] = Object.entries(filters).map(([field, value]) => eq(filterColumns[field as keyof CategoryFilters], value));
      return db.select().from(categories).where(and(inTenant(tenantId), eq(categories.pid, pid), ...conditions)).orderBy(asc(categories.code));
    },

    /** Every node below the node with `code` (not itself), in code order, with the extra filters. */
    async subtree(tenantId: number, code: string, filters: CategoryFilters = {}): Promise<CategoryRow[]> {
      const conditions: SQL[] = Object.entries(filters).map(([field, value]) => eq(filterColumns[field as keyof CategoryFilters], value));
      const below = code === '' ? undefined : and(subtreeOf(code), sql`${categories.code} <> ${code}`);
      return db.select().from(categories).where(and(inTenant(tenantId), below, ...conditions)).orderBy(asc(categories.code));
    },

    async names(tenantId: number, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: categories.id, name: categories.name }).from(categories).where(and(inTenant(tenantId), inArray(categories.id, ids)));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /** Adds a node with the next code under its parent, and marks the parent as having children; null when the level is full. */
    async insert(tenantId: number, values: { pid: string; name: string; createBy: string }): Promise<string | null> {
      return withFreshCode(() =>
        db.transaction(async (tx) => {
          const code = await nextCode(tx, tenantId, values.pid);
          if (code === null) return null;
          const id = newId();
          await tx.insert(categories).values({ id, tenantId, code, hasChild: '0', ...values });
          await refreshHasChild(tx, tenantId, values.pid);
          return id;
        }),
      );
    },

    /**
     * Renames a node and, with a new parent, moves it and its subtree there: the node takes the next
     * code under the new parent and every code below it the same new prefix; both parents' flags follow.
     * False when the new parent's level is full.
     */
    async update(tenantId: number, node: CategoryRow, changes: { pid?: string; name?: string; updateBy: string }): Promise<boolean> {
      return withFreshCode(() =>
        db.transaction(async (tx) => {
          const moving = changes.pid !== undefined && changes.pid !== node.pid;
          let code = node.code;
          if (moving) {
            const next = await nextCode(tx, tenantId, changes.pid!);
            if (next === null) return false;
            code = next;
            await tx
              .update(categories)
              .set({ code: sql`${code}::text || substring(${categories.code} from ${node.code.length + 1}::integer)` })
              .where(and(inTenant(tenantId), subtreeOf(node.code), sql`${categories.id} <> ${node.id}`));
          }
          await tx
            .update(categories)
            .set({ ...(changes.name === undefined ? {} : { name: changes.name }), pid: changes.pid ?? node.pid, code, updateBy: changes.updateBy, updateTime: new Date() })
            .where(and(inTenant(tenantId), eq(categories.id, node.id)));
          if (moving) {
            await refreshHasChild(tx, tenantId, node.pid);
            await refreshHasChild(tx, tenantId, changes.pid!);
          }
          return true;
        }),
      );
    },

    /** Deletes the nodes that have no children; answers the ids deleted and those refused for their children. */
    async removeLeaves(tenantId: number, ids: string[]): Promise<{ removed: string[]; withChildren: string[] }> {
      return db.transaction(async (tx) => {
        const rows = await tx.select().from(categories).where(and(inTenant(tenantId), inArray(categories.id, ids)));
        const parents = await tx.select({ pid: categories.pid }).from(categories).where(and(inTenant(tenantId), inArray(categories.pid, ids)));
        const withChildren = new Set(parents.map((row) => row.pid));
        // A node whose only children are deleted with it is still refused: deletion is leaf by leaf, as the tree shows it.
        if (withChildren.size > 0) return { removed: [], withChildren: [...withChildren] };
        if (rows.length === 0) return { removed: [], withChildren: [] };
        await tx.delete(categories).where(and(inTenant(tenantId), inArray(categories.id, rows.map((row) => row.id))));
        for (const pid of new Set(rows.map((row) => row.pid))) await refreshHasChild(tx, tenantId, pid);
        return { removed: rows.map((row) => row.id), withChildren: [] };
      });
    },
  };
};
export type CategoryRepository = ReturnType<typeof createCategoryRepository>;
