import { timestamp, varchar } from 'drizzle-orm/pg-core';

/** Columns most tables share: a 32-character id, and JeecgBoot's audit columns (`*_by` hold user names). */
export const id = () => varchar('id', { length: 32 }).primaryKey();
export const createdAt = () => timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('update_time', { withTimezone: true, mode: 'date' });
export const audit = {
  createBy: varchar('create_by', { length: 64 }),
  createTime: createdAt(),
  updateBy: varchar('update_by', { length: 64 }),
  updateTime: updatedAt(),
};
