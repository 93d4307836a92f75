import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type SQL, and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { firmwares } from '../../db/schema.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { type TenantCaller, callerTenantIds } from '../../access/tenant-scope.js';

export type FirmwareRow = typeof firmwares.$inferSelect;

/** The files of the caller's tenants: every read and delete of the library keeps to them. */
const ofCallerTenants = (caller: TenantCaller): SQL => sql`${firmwares.tenantId} in ${callerTenantIds(caller)}`;

/** Firmware files: a row each, and the content at `<folder>/<id>.bin` (only this module reads or writes there). */
export const createFirmwareRepository = (db: Database, folder: string) => {
  const root = resolve(folder);
  const pathOf = (id: string) => join(root, `${id}.bin`);
  return {
    root,
    /** What the kit's library list reads (list, one record, export): the table, its reads, the column of each list column, the caller's tenants' files. */
    screen: {
      table: firmwares,
      repository: createTableRepository(db, firmwares),
      columns: { version: firmwares.version, deviceType: firmwares.deviceType, fileName: firmwares.fileName, size: firmwares.size, createTime: firmwares.createTime },
      scope: ofCallerTenants,
    },

    /** Stores the file, then its row; the file is removed again when the row is refused (same version twice). */
    async store(row: typeof firmwares.$inferInsert, content: Buffer): Promise<void> {
      await mkdir(root, { recursive: true });
      await writeFile(pathOf(row.id), content, { flag: 'wx' });
      try {
        await db.insert(firmwares).values(row);
      } catch (error) {
        await rm(pathOf(row.id), { force: true });
        throw error;
      }
    },

    /** A file of one tenant's library. */
    async findOfTenant(id: string, tenantId: number): Promise<FirmwareRow | null> {
      const [row] = await db.select().from(firmwares).where(and(eq(firmwares.id, id), eq(firmwares.tenantId, tenantId))).limit(1);
      return row ?? null;
    },

    /** The caller's tenants' files for one kind of device, newest first. */
    async choices(deviceType: string, caller: TenantCaller) {
      return db
        .select({ id: firmwares.id, version: firmwares.version, size: firmwares.size, remark: firmwares.remark, createTime: firmwares.createTime })
        .from(firmwares)
        .where(and(eq(firmwares.deviceType, deviceType), ofCallerTenants(caller)))
        .orderBy(desc(firmwares.createTime), desc(firmwares.version))
        .limit(200);
    },

    async versionTaken(tenantId: number, deviceType: string, version: string): Promise<boolean> {
      const [row] = await db.select({ id: firmwares.id }).from(firmwares).where(and(eq(firmwares.tenantId, tenantId), eq(firmwares.deviceType, deviceType), eq(firmwares.version, version))).limit(1);
      return row !== undefined;
    },

    /** Deletes the caller's tenants' rows among `ids` and their files; answers the ids deleted. */
    async remove(ids: string[], caller: TenantCaller): Promise<string[]> {
      const removed = await db.delete(firmwares).where(and(inArray(firmwares.id, ids), ofCallerTenants(caller))).returning({ id: firmwares.id });
      for (const { id } of removed) await rm(pathOf(id), { force: true });
      return removed.map((row) => row.id);
    },

    /** The file name of a firmware's content, relative to `root` (for `reply.sendFile`). */
    fileNameOf: (id: string) => `${id}.bin`,
  };
};

export type FirmwareRepository = ReturnType<typeof createFirmwareRepository>;
