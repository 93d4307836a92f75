import { index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';
import { tenants } from '../../db/identity.table.js';

/** Online report definitions (JeecgBoot's onl_cgreport_head): one read-only SQL query each. */
export const reportHeads = pgTable(
  'onl_cgreport_head',
  {
    id: id(),
    code: varchar('code', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    cgrSql: text('cgr_sql').notNull(),
    /** The code of a data source (sys_data_source); null: the platform's own database, in the sandbox role. */
    dbSource: varchar('db_source', { length: 100 }),
    remark: varchar('remark', { length: 500 }),
    /** The tenant whose report it is: a report runs over its tenant's data, and each tenant keeps its own. */
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    ...audit,
  },
  (t) => [uniqueIndex('onl_cgreport_head_tenant_code_key').on(t.tenantId, t.code)],
);

/** A report's declared columns: headings, types, which are shown and searched, and their dictionaries. */
export const reportItems = pgTable(
  'onl_cgreport_item',
  {
    id: id(),
    headId: varchar('cgrhead_id', { length: 32 })
      .notNull()
      .references(() => reportHeads.id, { onDelete: 'cascade' }),
    fieldName: varchar('field_name', { length: 64 }).notNull(),
    fieldTxt: varchar('field_txt', { length: 100 }).notNull(),
    fieldType: varchar('field_type', { length: 16 }).notNull(),
    isShow: smallint('is_show').notNull().default(1),
    isSearch: smallint('is_search').notNull().default(0),
    searchMode: varchar('search_mode', { length: 10 }).notNull().default('single'),
    dictCode: varchar('dict_code', { length: 100 }),
    orderNum: integer('order_num').notNull().default(0),
    isTotal: smallint('is_total').notNull().default(0),
  },
  (t) => [index('onl_cgreport_item_head_idx').on(t.headId, t.orderNum)],
);

/** A report's `${name}` parameters and their defaults. */
export const reportParams = pgTable(
  'onl_cgreport_param',
  {
    id: id(),
    headId: varchar('cgrhead_id', { length: 32 })
      .notNull()
      .references(() => reportHeads.id, { onDelete: 'cascade' }),
    paramName: varchar('param_name', { length: 64 }).notNull(),
    paramTxt: varchar('param_txt', { length: 100 }).notNull(),
    paramValue: varchar('param_value', { length: 500 }),
    orderNum: integer('order_num').notNull().default(0),
  },
  (t) => [index('onl_cgreport_param_head_idx').on(t.headId)],
);
