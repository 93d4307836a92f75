import { index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.js';

/**
 * JeecgBoot's `sys_data_log`: one row per change to a logged record (stations, loggers, battery
 * settings, users, roles), with the record after the change (`data_content`) and before it, who made
 * it and in which tenant. Written in the change's own transaction, never edited.
 */
export const dataLogs = pgTable(
  'sys_data_log',
  {
    id: id(),
    dataTable: varchar('data_table', { length: 32 }).notNull(),
    dataId: varchar('data_id', { length: 64 }).notNull(),
    /** add, edit or delete. */
    action: varchar('action', { length: 8 }).notNull(),
    /** The record's version this change made: 1, 2, ... per record. */
    dataVersion: integer('data_version').notNull(),
    dataContent: jsonb('data_content').$type<Record<string, unknown> | null>(),
    dataBefore: jsonb('data_before').$type<Record<string, unknown> | null>(),
    /** The tenant the record belongs to (null: none); an administrator of one tenant sees only its own. */
    tenantId: integer('tenant_id'),
    createBy: varchar('create_by', { length: 64 }),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_data_log_version_key').on(t.dataTable, t.dataId, t.dataVersion), index('sys_data_log_time_idx').on(t.createTime), index('sys_data_log_tenant_idx').on(t.tenantId)],
);
