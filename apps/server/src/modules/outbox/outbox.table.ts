import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.js';
import { tenants } from '../../db/identity.table.js';

/**
 * Every message the platform sends (mail now; SMS with sign-up), whether the SMTP server took it,
 * refused it, or, with no SMTP configured, it was kept here for an administrator to read.
 */
export const outbox = pgTable(
  'sys_outbox',
  {
    id: id(),
    /** The tenant whose administrators read it. */
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** 'mail' or 'sms'. */
    channel: varchar('channel', { length: 8 }).notNull(),
    recipient: varchar('recipient', { length: 100 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    body: text('body').notNull(),
    /** 'kept', 'sent' or 'failed'. */
    status: varchar('status', { length: 8 }).notNull(),
    error: varchar('error', { length: 500 }),
    /** Who caused it (the user who asked for a test message); null for the platform itself. */
    createBy: varchar('create_by', { length: 64 }),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentTime: timestamp('sent_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sys_outbox_tenant_time_idx').on(t.tenantId, t.createTime)],
);
