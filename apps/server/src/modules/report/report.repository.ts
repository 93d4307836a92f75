import type { ReportItem, ReportParam } from '@cellsight/contract';
import { type SQL, and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { type TenantCaller, callerTenantIds } from '../../access/tenant-scope.js';
import { reportHeads, reportItems, reportParams } from './report.table.js';

export type ReportHeadRow = typeof reportHeads.$inferSelect;

/** A report's columns and parameters as the wire carries them. */
const itemOf = (row: typeof reportItems.$inferSelect): ReportItem => ({
  fieldName: row.fieldName,
  fieldTxt: row.fieldTxt,
  fieldType: row.fieldType as ReportItem['fieldType'],
  isShow: row.isShow === 1 ? 1 : 0,
  isSearch: row.isSearch === 1 ? 1 : 0,
  searchMode: row.searchMode === 'group' ? 'group' : 'single',
  dictCode: row.dictCode,
  orderNum: row.orderNum,
  isTotal: row.isTotal === 1 ? 1 : 0,
});
const paramOf = (row: typeof reportParams.$inferSelect): ReportParam => ({ paramName: row.paramName, paramTxt: row.paramTxt, paramValue: row.paramValue });

/** The reports of a caller's tenants: each tenant keeps its own, and another tenant's is "not found". */
export const reportsSeenBy = (caller: TenantCaller): SQL => inArray(reportHeads.tenantId, callerTenantIds(caller));

/** Report definitions: the head (through the kit's table repository) and its items and params, written with it. */
export const createReportRepository = (db: Database) => ({
  /** A report of the caller's tenants (`reportsSeenBy`). */
  async headById(id: string, caller: TenantCaller): Promise<ReportHeadRow | undefined> {
    const [row] = await db
      .select()
      .from(reportHeads)
      .where(and(eq(reportHeads.id, id), reportsSeenBy(caller)));
    return row;
  },

  /** The report with this code among the caller's tenants' (a code is unique within a tenant; the first tenant's wins). */
  async headByCode(code: string, caller: TenantCaller): Promise<ReportHeadRow | undefined> {
    const [row] = await db
      .select()
      .from(reportHeads)
      .where(and(eq(reportHeads.code, code), reportsSeenBy(caller)))
      .orderBy(asc(reportHeads.tenantId))
      .limit(1);
    return row;
  },

  async items(headId: string): Promise<ReportItem[]> {
    return (await db.select().from(reportItems).where(eq(reportItems.headId, headId)).orderBy(asc(reportItems.orderNum), asc(reportItems.fieldName))).map(itemOf);
  },

  async params(headId: string): Promise<ReportParam[]> {
    return (await db.select().from(reportParams).where(eq(reportParams.headId, headId)).orderBy(asc(reportParams.orderNum))).map(paramOf);
  },

  /** The head with its items and params, in one transaction: a refused row leaves nothing behind. */
  async insert(head: typeof reportHeads.$inferInsert, items: ReportItem[], params: ReportParam[]): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.insert(reportHeads).values(head);
      if (items.length > 0) await tx.insert(reportItems).values(items.map((item) => ({ ...item, id: newId(), headId: head.id })));
      if (params.length > 0) await tx.insert(reportParams).values(params.map((param, index) => ({ ...param, id: newId(), headId: head.id, orderNum: index })));
    });
  },

  /** Changes the head; items and params, when given, replace the stored ones. Whether the report existed. */
  async update(id: string, head: Partial<typeof reportHeads.$inferInsert>, items: ReportItem[] | undefined, params: ReportParam[] | undefined, caller: TenantCaller): Promise<boolean> {
    return db.transaction(async (tx) => {
      const changed = await tx
        .update(reportHeads)
        .set(head)
        .where(and(eq(reportHeads.id, id), reportsSeenBy(caller)))
        .returning({ id: reportHeads.id });
      if (changed.length === 0) return false;
      if (items) {
        await tx.delete(reportItems).where(eq(reportItems.headId, id));
        if (items.length > 0) await tx.insert(reportItems).values(items.map((item) => ({ ...item, id: newId(), headId: id })));
      }
      if (params) {
        await tx.delete(reportParams).where(eq(reportParams.headId, id));
        if (params.length > 0) await tx.insert(reportParams).values(params.map((param, index) => ({ ...param, id: newId(), headId: id, orderNum: index })));
      }
      return true;
    });
  },
});

export type ReportRepository = ReturnType<typeof createReportRepository>;
