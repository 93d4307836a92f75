import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { AccountType, Language } from '@cellsight/contract';
import { audit, id } from './columns.js';

/*
 * The identity tables: accounts, tenants and who belongs to which. Every other table's rows point
 * at them (created by, owned by, in tenant), and the access layer reads them with every request
 * (sessions, tenant and station scope), so they are defined here, below access and the modules,
 * rather than in the user and tenant modules that administer them (System → Users, → Tenants).
 */

export const users = pgTable(
  'sys_user',
  {
    id: id(),
    username: varchar('username', { length: 64 }).notNull(),
    realname: varchar('realname', { length: 100 }).notNull(),
    /** argon2id hash; never leaves the server. */
    passwordHash: text('password_hash').notNull(),
    avatar: varchar('avatar', { length: 500 }),
    /** 1 male, 2 female. */
    sex: smallint('sex'),
    email: varchar('email', { length: 100 }),
    phone: varchar('phone', { length: 32 }),
    company: varchar('company', { length: 100 }),
    address: varchar('address', { length: 255 }),
    /** The user's own code ("user code" in the security settings). */
    code: varchar('code', { length: 32 }),
    /** The employee's work number (JeecgBoot's 工号, `work_no`): unique when given. */
    workNo: varchar('work_no', { length: 64 }),
    /** The department the user currently works in (sys_depart.org_code). */
    orgCode: varchar('org_code', { length: 64 }),
    /** 1 normal, 2 frozen. */
    status: smallint('status').notNull().default(1),
    /** 0 normal, 1 in the recycle bin. */
    delFlag: smallint('del_flag').notNull().default(0),
    /** Demo accounts may look but not change. */
    demo: boolean('demo').notNull().default(false),
    /** admin, distributor, installer or end_user (contract `AccountType`): what the user may see of stations and devices. */
    accountType: varchar('account_type', { length: 16 }).$type<AccountType>().notNull().default('end_user'),
    /** The distributor or installer above a non-admin account (spec section 6). */
    superiorId: varchar('superior_id', { length: 32 }),
    /** The console language of the user's latest sign-in: the platform's mail to them is written in it. */
    language: varchar('language', { length: 8 }).$type<Language>(),
    ...audit,
  },
  (t) => [
    uniqueIndex('sys_user_username_key').on(t.username),
    uniqueIndex('sys_user_email_key').on(sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    uniqueIndex('sys_user_phone_key').on(t.phone).where(sql`${t.phone} is not null`),
    uniqueIndex('sys_user_work_no_key').on(t.workNo).where(sql`${t.workNo} is not null`),
    index('sys_user_list_idx').on(t.delFlag, t.createTime),
    index('sys_user_superior_idx').on(t.superiorId).where(sql`${t.superiorId} is not null`),
  ],
);

export const tenants = pgTable('sys_tenant', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  /** 1 normal, 0 frozen. */
  status: smallint('status').notNull().default(1),
  beginDate: timestamp('begin_date', { withTimezone: true, mode: 'date' }),
  endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
  ...audit,
});

export const userTenants = pgTable(
  'sys_user_tenant',
  {
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenantId] }), index('sys_user_tenant_tenant_idx').on(t.tenantId)],
);
