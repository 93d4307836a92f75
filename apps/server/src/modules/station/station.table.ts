import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';
import { tenants } from '../../db/identity.table.js';
import { users } from '../../db/identity.table.js';

/**
 * Stations (spec section 3). The owner, installer and distributor are stored on the row (the
 * owner's branch of the account hierarchy when the station was made), so the scope rule is three
 * indexed comparisons; moving a user (members issue) rewrites them.
 */
export const stations = pgTable(
  'tb_station',
  {
    id: id(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Null for a main station; else its main station. */
    parentId: varchar('parent_id', { length: 32 }),
    name: varchar('name', { length: 64 }).notNull(),
    /** 0 low voltage, 1 high voltage. */
    stationType: smallint('station_type').notNull().default(0),
    /** Time-zone dictionary id (contract `timeZoneDictionary`). */
    timezone: integer('timezone').notNull().default(343),
    /** The IANA zone of `timezone`, for the station-local day in SQL. */
    zone: varchar('zone', { length: 64 }).notNull().default('Asia/Shanghai'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    address: varchar('address', { length: 255 }),
    thumbUrl: varchar('thumb_url', { length: 200 }),
    customer: varchar('customer', { length: 100 }),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 100 }),
    region: varchar('region', { length: 100 }),
    remark: varchar('remark', { length: 500 }),
    inverterBrand: varchar('inverter_brand', { length: 64 }),
    inverterModel: varchar('inverter_model', { length: 64 }),
    inverterQuantity: integer('inverter_quantity'),
    ownerId: varchar('owner_id', { length: 32 }).references(() => users.id, { onDelete: 'set null' }),
    installerId: varchar('installer_id', { length: 32 }).references(() => users.id, { onDelete: 'set null' }),
    distributorId: varchar('distributor_id', { length: 32 }).references(() => users.id, { onDelete: 'set null' }),
    /** 0 fault, 1 warning, 2 normal, 3 offline: kept current as loggers come and go and events open and close. */
    status: smallint('status').notNull().default(3),
    ...audit,
  },
  (t) => [
    index('tb_station_tenant_idx').on(t.tenantId, t.status, t.id),
    index('tb_station_owner_idx').on(t.ownerId),
    index('tb_station_installer_idx').on(t.installerId),
    index('tb_station_distributor_idx').on(t.distributorId),
    index('tb_station_parent_idx').on(t.parentId).where(sql`${t.parentId} is not null`),
    index('tb_station_name_idx').on(sql`lower(${t.name})`),
  ],
);
