import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';
import { tenants } from '../../db/identity.table.js';

/**
 * The firmware library: files administrators upload for loggers to download during an upgrade. The
 * content lives under `<DATA_DIR>/firmware/<id>.bin`; its size and SHA-256 go into the upgrade
 * command, and the logger checks both before installing (device protocol section 10).
 */
export const firmwares = pgTable(
  'tb_firmware',
  {
    id: id(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    version: varchar('version', { length: 32 }).notNull(),
    /** What it is for: 'logger' (the gateway itself) or 'battery' (a battery's BMS). */
    deviceType: varchar('device_type', { length: 16 }).notNull(),
    fileName: varchar('file_name', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    remark: varchar('remark', { length: 256 }),
    ...audit,
  },
  (t) => [uniqueIndex('tb_firmware_version_key').on(t.tenantId, t.deviceType, t.version)],
);
