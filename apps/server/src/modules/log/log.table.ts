import { index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { users } from '../../db/identity.table.js';

/** Login log (log_type 1) and operation log (log_type 2). */
export const logs = pgTable(
  'sys_log',
  {
    id: id(),
    logType: smallint('log_type').notNull(),
    logContent: varchar('log_content', { length: 1000 }).notNull(),
    /** 1 query, 2 add, 3 edit, 4 delete, 5 import, 6 export. */
    operateType: smallint('operate_type'),
    /** The user name (JeecgBoot keeps it in `userid`). */
    userid: varchar('userid', { length: 64 }),
    username: varchar('username', { length: 100 }),
    ip: varchar('ip', { length: 64 }),
    method: varchar('method', { length: 255 }),
    requestUrl: varchar('request_url', { length: 255 }),
    requestType: varchar('request_type', { length: 10 }),
    costTime: integer('cost_time'),
    createTime: createdAt(),
  },
  (t) => [index('sys_log_type_time_idx').on(t.logType, t.createTime)],
);

/** One row each time a signed-in user opens the console (menu fetch); backs the visit statistics. */
export const visits = pgTable(
  'sys_visit',
  {
    id: id(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
    visitTime: timestamp('visit_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sys_visit_time_idx').on(t.visitTime)],
);
