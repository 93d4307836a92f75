import { boolean, doublePrecision, index, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';

/** Menus (menu_type 0, 1) and buttons/permission codes (menu_type 2), one tree. */
export const permissions = pgTable(
  'sys_permission',
  {
    id: id(),
    parentId: varchar('parent_id', { length: 32 }),
    name: varchar('name', { length: 100 }).notNull(),
    url: varchar('url', { length: 255 }),
    component: varchar('component', { length: 255 }),
    componentName: varchar('component_name', { length: 100 }),
    redirect: varchar('redirect', { length: 255 }),
    menuType: smallint('menu_type').notNull(),
    perms: varchar('perms', { length: 255 }),
    /** '1' show, '2' disable. */
    permsType: varchar('perms_type', { length: 1 }).notNull().default('1'),
    sortNo: doublePrecision('sort_no').notNull().default(0),
    alwaysShow: boolean('always_show').notNull().default(false),
    icon: varchar('icon', { length: 100 }),
    isRoute: boolean('is_route').notNull().default(true),
    isLeaf: boolean('is_leaf').notNull().default(true),
    keepAlive: boolean('keep_alive').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    internalOrExternal: boolean('internal_or_external').notNull().default(false),
    /** '1' effective, '0' ineffective (buttons). */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    delFlag: smallint('del_flag').notNull().default(0),
    ...audit,
  },
  (t) => [index('sys_permission_parent_idx').on(t.parentId)],
);
