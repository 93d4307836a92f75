import { pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { permissions } from '../permission/permission.table.js';
import { users } from '../../db/identity.table.js';

/**
 * Button permissions granted to one user by checkbox on the Members screen (spec section 6), beyond
 * what their roles give: they count wherever a user's permissions are read (each request's check, the
 * console's menu and buttons), so a revoked grant stops working at the next request.
 */
export const userPermissions = pgTable(
  'sys_user_permission',
  {
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: varchar('permission_id', { length: 32 })
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    /** The account that granted it (user name). */
    createBy: varchar('create_by', { length: 64 }),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);
