import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { dataSources } from './data-source.table.js';

/** Data sources: the kit's table repository, and one by its code (the report that names it). */
export const createDataSourceRepository = (db: Database) => ({
  ...createTableRepository(db, dataSources),
  /** The Data sources screen on the kit: its table and the column each list column reads. */
  screen: { table: dataSources, columns: { code: dataSources.code, name: dataSources.name, dbType: dataSources.dbType, dbUrl: dataSources.dbUrl, createTime: dataSources.createTime } },
  async byCode(code: string) {
    const [row] = await db.select().from(dataSources).where(eq(dataSources.code, code));
    return row;
  },
});

export type DataSourceRepository = ReturnType<typeof createDataSourceRepository>;
