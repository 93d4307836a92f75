import type { Words } from '@cellsight/contract';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';
import { tenants } from '../../db/identity.table.js';
import { users } from '../../db/identity.table.js';

/**
 * Announcements (JeecgBoot's sys_announcement): notices administrators write for their tenant
 * (msg_category '1') and the platform's own system messages to chosen users (msg_category '2').
 */
export const announcements = pgTable(
  'sys_announcement',
  {
    id: id(),
    /** Whose users an ALL announcement reaches, and whose administrators manage it. */
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    titile: varchar('titile', { length: 100 }).notNull(),
    /** Sanitised HTML. */
    msgContent: text('msg_content').notNull(),
    msgAbstract: varchar('msg_abstract', { length: 500 }),
    /** The publisher's user name; null for the platform's own messages. */
    sender: varchar('sender', { length: 64 }),
    /** L, M or H. */
    priority: varchar('priority', { length: 1 }).notNull().default('L'),
    /** '1' notice, '2' system message. */
    msgCategory: varchar('msg_category', { length: 1 }).notNull().default('1'),
    /** 'ALL' (the tenant's users) or 'USER' (the rows of sys_announcement_send). */
    msgType: varchar('msg_type', { length: 8 }).notNull(),
    /** '0' draft, '1' published, '2' revoked. */
    sendStatus: varchar('send_status', { length: 1 }).notNull().default('0'),
    sendTime: timestamp('send_time', { withTimezone: true, mode: 'date' }),
    cancelTime: timestamp('cancel_time', { withTimezone: true, mode: 'date' }),
    /** It shows to its readers from start_time until end_time; either may be open. */
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }),
    openType: varchar('open_type', { length: 16 }),
    openPage: varchar('open_page', { length: 500 }),
    busType: varchar('bus_type', { length: 32 }),
    busId: varchar('bus_id', { length: 64 }),
    /** A system message's title and text in every language: each reader gets theirs (titile and msg_content hold en-US). */
    titleWords: jsonb('title_words').$type<Words>(),
    messageWords: jsonb('message_words').$type<Words>(),
    ...audit,
  },
  (t) => [index('sys_announcement_reach_idx').on(t.tenantId, t.sendStatus, t.msgCategory, t.sendTime)],
);

/**
 * Who an announcement reaches and what they read: one row per chosen user of a USER announcement
 * (from the start), and one per reader of an ALL announcement once they read it.
 */
export const announcementSends = pgTable(
  'sys_announcement_send',
  {
    id: id(),
    anntId: varchar('annt_id', { length: 32 })
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 unread, 1 read. */
    readFlag: smallint('read_flag').notNull().default(0),
    readTime: timestamp('read_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('sys_announcement_send_key').on(t.anntId, t.userId), index('sys_announcement_send_user_idx').on(t.userId, t.readFlag)],
);
