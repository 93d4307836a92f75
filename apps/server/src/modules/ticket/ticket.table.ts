import type { TicketCategory, TicketStatus, TicketThreadAction } from '@cellsight/contract';
import { boolean, index, integer, jsonb, pgSequence, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, createdAt, id } from '../../db/columns.js';
import { tenants } from '../../db/identity.table.js';

/** The running number of order numbers (WO + UTC day + this, six digits): unique without a retry loop. */
export const ticketOrderSequence = pgSequence('tb_ticket_order_seq', { startWith: 1 });

/**
 * Support tickets (work orders). No foreign key to the station or the submitter: a ticket is
 * history and outlives both (the scope rule then shows it to administrators only).
 */
export const tickets = pgTable(
  'tb_ticket',
  {
    id: id(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    category: varchar('category', { length: 16 }).$type<TicketCategory>().notNull(),
    stationId: varchar('station_id', { length: 32 }).notNull(),
    status: varchar('status', { length: 16 }).$type<TicketStatus>().notNull().default('pending'),
    contact: varchar('contact', { length: 50 }).notNull(),
    contact_mobile: varchar('contact_mobile', { length: 32 }).notNull(),
    description: text('description').notNull(),
    /** Stored upload paths (`ticket/<day>/<hex>.<ext>`), at most 9. */
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    submitterId: varchar('submitter_id', { length: 32 }).notNull(),
    resolved: boolean('resolved'),
    speedRating: smallint('speed_rating'),
    attitudeRating: smallint('attitude_rating'),
    closeTime: timestamp('close_time', { withTimezone: true, mode: 'date' }),
    ...audit,
  },
  (t) => [
    uniqueIndex('tb_ticket_order_no_key').on(t.orderNo),
    index('tb_ticket_tenant_time_idx').on(t.tenantId, t.createTime),
    index('tb_ticket_submitter_idx').on(t.submitterId),
    index('tb_ticket_station_idx').on(t.stationId),
  ],
);

/** A ticket's thread: replies, and every move with the status it led to. */
export const ticketEntries = pgTable(
  'tb_ticket_entry',
  {
    id: id(),
    ticketId: varchar('ticket_id', { length: 32 })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** Null for a reply; else the move (create, accept, start, finish, close). */
    action: varchar('action', { length: 16 }).$type<TicketThreadAction>(),
    /** The status the move led to. */
    status: varchar('status', { length: 16 }).$type<TicketStatus>(),
    content: text('content'),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    authorId: varchar('author_id', { length: 32 }).notNull(),
    createTime: createdAt(),
  },
  (t) => [index('tb_ticket_entry_ticket_idx').on(t.ticketId, t.createTime)],
);
