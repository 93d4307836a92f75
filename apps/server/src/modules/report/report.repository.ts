import type { ReportItem, ReportParam } from '@cellsight/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
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

/** Report definitions: the head (through the kit's table repository) and its items and params, written with it. */
export const createReportRepository = (db: Database) => ({
  async headById(id: string): Promise<ReportHeadRow | undefined> {
    const [row] = await db.select().from(reportHeads).where(eq(reportHeads.id, id));
    return row;
  },

  async headByCode(code: string): Promise<ReportHeadRow | undefined> {
    const [row] = await db.select().from(reportHeads).where(eq(reportHeads.code, code));
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
  async update(id: string, head: Partial<typeof reportHeads.$inferInsert>, items: ReportItem[] | undefined, params: ReportParam[] | undefined): Promise<boolean> {
    return db.transaction(async (tx) => {
      const changed = await tx.update(reportHeads).set(head).where(eq(reportHeads.id, id)).returning({ id: reportHeads.id });
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
