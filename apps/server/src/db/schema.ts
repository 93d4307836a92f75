import type { Language } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Table definitions. Names follow the JeecgBoot tables the console's wire shapes come from
 * (sys_user, sys_role, sys_permission, ...), but links are real join tables and secrets are
 * stored only as hashes. Migrations are generated from this file and the modules' own tables
 * (`modules/<name>/<name>.table.ts`, re-exported at the end) with `npm run db:generate`.
 */
import { audit, createdAt, id } from './columns.js';

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
    /** The department the user currently works in (sys_depart.org_code). */
    orgCode: varchar('org_code', { length: 64 }),
    /** 1 normal, 2 frozen. */
    status: smallint('status').notNull().default(1),
    /** 0 normal, 1 in the recycle bin. */
    delFlag: smallint('del_flag').notNull().default(0),
    /** Demo accounts may look but not change. */
    demo: boolean('demo').notNull().default(false),
    ...audit,
  },
  (t) => [
    uniqueIndex('sys_user_username_key').on(t.username),
    uniqueIndex('sys_user_email_key').on(sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    uniqueIndex('sys_user_phone_key').on(t.phone).where(sql`${t.phone} is not null`),
    index('sys_user_list_idx').on(t.delFlag, t.createTime),
  ],
);

export const roles = pgTable(
  'sys_role',
  {
    id: id(),
    roleName: varchar('role_name', { length: 100 }).notNull(),
    roleCode: varchar('role_code', { length: 64 }).notNull(),
    description: varchar('description', { length: 255 }),
    ...audit,
  },
  (t) => [uniqueIndex('sys_role_code_key').on(t.roleCode)],
);

export const userRoles = pgTable(
  'sys_user_role',
  {
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: varchar('role_id', { length: 32 })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_user_role_role_idx').on(t.roleId)],
);

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

export const rolePermissions = pgTable(
  'sys_role_permission',
  {
    roleId: varchar('role_id', { length: 32 })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: varchar('permission_id', { length: 32 })
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    operateDate: timestamp('operate_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const departs = pgTable(
  'sys_depart',
  {
    id: id(),
    parentId: varchar('parent_id', { length: 32 }),
    departName: varchar('depart_name', { length: 100 }).notNull(),
    departNameEn: varchar('depart_name_en', { length: 100 }),
    /** Hierarchical and unique: roots A01, A02…; children of A01 are A01A01, A01A02… */
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    departOrder: integer('depart_order').notNull().default(0),
    /** '1' company, '2' department, '3' post. */
    orgCategory: varchar('org_category', { length: 1 }).notNull().default('1'),
    description: varchar('description', { length: 500 }),
    mobile: varchar('mobile', { length: 32 }),
    fax: varchar('fax', { length: 32 }),
    address: varchar('address', { length: 100 }),
    memo: varchar('memo', { length: 500 }),
    /** '1' enabled, '0' disabled. */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    ...audit,
  },
  (t) => [uniqueIndex('sys_depart_org_code_key').on(t.orgCode), index('sys_depart_parent_idx').on(t.parentId)],
);

export const userDeparts = pgTable(
  'sys_user_depart',
  {
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departId: varchar('dep_id', { length: 32 })
      .notNull()
      .references(() => departs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.departId] })],
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

export const dicts = pgTable(
  'sys_dict',
  {
    id: id(),
    dictName: varchar('dict_name', { length: 100 }).notNull(),
    dictCode: varchar('dict_code', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    delFlag: smallint('del_flag').notNull().default(0),
    ...audit,
  },
  (t) => [uniqueIndex('sys_dict_code_key').on(t.dictCode)],
);

export const dictItems = pgTable(
  'sys_dict_item',
  {
    id: id(),
    dictId: varchar('dict_id', { length: 32 })
      .notNull()
      .references(() => dicts.id, { onDelete: 'cascade' }),
    /** The text in the default language (en-US). */
    itemText: varchar('item_text', { length: 100 }).notNull(),
    /** The text in the console's other languages (`{"zh-CN": "男", "de-DE": "Männlich"}`); missing ones fall back to item_text. */
    translations: jsonb('translations').$type<Partial<Record<Language, string>>>().notNull().default({}),
    itemValue: varchar('item_value', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    sortOrder: integer('sort_order').notNull().default(0),
    /** 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
    ...audit,
  },
  (t) => [index('sys_dict_item_dict_idx').on(t.dictId)],
);

/** Sign-in sessions. Only a SHA-256 of the token is stored; the token itself goes to the client once. */
export const sessions = pgTable(
  'sys_session',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
  },
  (t) => [uniqueIndex('sys_session_token_key').on(t.tokenHash), index('sys_session_user_idx').on(t.userId)],
);

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

/** Every stored upload: avatars are checked against it, and each user's daily upload quota counted from it. */
export const uploads = pgTable(
  'sys_file',
  {
    id: id(),
    /** Relative to the upload directory: `<biz>/<yyyymmdd>/<32 hex>.<ext>`. */
    path: varchar('path', { length: 200 }).notNull(),
    biz: varchar('biz', { length: 16 }).notNull(),
    size: integer('size').notNull(),
    /** Id of the uploading user (no foreign key: the file outlives a deleted account). */
    userId: varchar('user_id', { length: 32 }).notNull(),
    createTime: createdAt(),
  },
  (t) => [uniqueIndex('sys_file_path_key').on(t.path), index('sys_file_user_time_idx').on(t.userId, t.createTime)],
);

/* ---------------------------------------------------------------- device plane */

/** Data loggers (gateways). The registration key is the device's pre-shared secret. */
export const loggers = pgTable(
  'tb_logger',
  {
    gsn: varchar('gsn', { length: 32 }).primaryKey(),
    /** Printed on the device; MQTT password and command signing key derive from it. */
    registrationKey: varchar('registration_key', { length: 64 }).notNull(),
    alias: varchar('alias', { length: 64 }),
    /** IANA time zone that "today" and daily figures use (the station's, once bound). */
    timezone: varchar('timezone', { length: 64 }).notNull().default('UTC'),
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    online: boolean('online').notNull().default(false),
    onlineChangedAt: timestamp('online_changed_at', { withTimezone: true, mode: 'date' }),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }),
    signal: doublePrecision('signal'),
    firmware: varchar('firmware', { length: 32 }),
    lastIp: varchar('last_ip', { length: 64 }),
    deviceType: varchar('device_type', { length: 32 }),
    brand: varchar('brand', { length: 32 }),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    statusTime: timestamp('status_time', { withTimezone: true, mode: 'date' }),
    ...audit,
  },
  (t) => [index('tb_logger_tenant_idx').on(t.tenantId)],
);

/** Batteries with their latest reading (the history is in tb_battery_sample). */
export const batteries = pgTable(
  'tb_battery',
  {
    batterySn: varchar('battery_sn', { length: 40 }).primaryKey(),
    loggerGsn: varchar('logger_gsn', { length: 32 })
      .notNull()
      .references(() => loggers.gsn, { onDelete: 'cascade' }),
    bmsSn: varchar('bms_sn', { length: 40 }),
    bmuSn: varchar('bmu_sn', { length: 40 }),
    alias: varchar('alias', { length: 64 }),
    lastTs: timestamp('last_ts', { withTimezone: true, mode: 'date' }),
    state: varchar('state', { length: 16 }),
    status: varchar('status', { length: 16 }),
    soc: doublePrecision('soc'),
    soh: doublePrecision('soh'),
    cycles: integer('cycles'),
    voltage: doublePrecision('voltage'),
    current: doublePrecision('current'),
    power: doublePrecision('power'),
    temperature: doublePrecision('temperature'),
    chargeEnergyToday: doublePrecision('charge_energy_today'),
    dischargeEnergyToday: doublePrecision('discharge_energy_today'),
    relayMain: boolean('relay_main'),
    relayCharge: boolean('relay_charge'),
    relayDischarge: boolean('relay_discharge'),
    hwVersion: varchar('hw_version', { length: 32 }),
    swVersion: varchar('sw_version', { length: 32 }),
    role: varchar('role', { length: 16 }),
    workMode: varchar('work_mode', { length: 32 }),
    createTime: createdAt(),
  },
  (t) => [index('tb_battery_logger_idx').on(t.loggerGsn)],
);

/**
 * Pre-aggregated readings for charts: 5-minute and hourly buckets in UTC, daily buckets from
 * local midnight of the battery's time zone. Merged incrementally from newly stored samples only,
 * so a re-sent sample never counts twice.
 */
export const batteryRollups = pgTable(
  'tb_battery_rollup',
  {
    batterySn: varchar('battery_sn', { length: 40 }).notNull(),
    /** '5m', '1h' or '1d'. */
    period: varchar('period', { length: 2 }).notNull(),
    bucketStart: timestamp('bucket_start', { withTimezone: true, mode: 'date' }).notNull(),
    samples: integer('samples').notNull(),
    socSum: doublePrecision('soc_sum').notNull(),
    socMin: doublePrecision('soc_min').notNull(),
    socMax: doublePrecision('soc_max').notNull(),
    powerSum: doublePrecision('power_sum').notNull(),
    powerMin: doublePrecision('power_min').notNull(),
    powerMax: doublePrecision('power_max').notNull(),
    voltageSum: doublePrecision('voltage_sum').notNull(),
    currentSum: doublePrecision('current_sum').notNull(),
    temperatureSum: doublePrecision('temperature_sum').notNull(),
    temperatureMax: doublePrecision('temperature_max').notNull(),
    /** Highest "energy today" counters seen in the bucket, kWh. */
    chargeEnergy: doublePrecision('charge_energy').notNull(),
    dischargeEnergy: doublePrecision('discharge_energy').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batterySn, t.period, t.bucketStart] })],
);

/** Device events (normal, warning, fault, protect); open while end_time is null. */
export const deviceEvents = pgTable(
  'tb_event',
  {
    id: id(),
    loggerGsn: varchar('logger_gsn', { length: 32 })
      .notNull()
      .references(() => loggers.gsn, { onDelete: 'cascade' }),
    /** The logger's own id of the event. */
    deviceEventId: varchar('device_event_id', { length: 64 }).notNull(),
    batterySn: varchar('battery_sn', { length: 40 }),
    type: varchar('type', { length: 16 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    category: varchar('category', { length: 32 }).notNull().default(''),
    beginTime: timestamp('begin_time', { withTimezone: true, mode: 'date' }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }),
    createTime: createdAt(),
  },
  (t) => [
    uniqueIndex('tb_event_device_key').on(t.loggerGsn, t.deviceEventId),
    index('tb_event_open_idx').on(t.loggerGsn).where(sql`${t.endTime} is null`),
    index('tb_event_begin_idx').on(t.beginTime),
  ],
);

/** Remote commands and their journey: pending → sent → acknowledged | failed | timed_out. */
export const commands = pgTable(
  'tb_command',
  {
    id: id(),
    loggerGsn: varchar('logger_gsn', { length: 32 })
      .notNull()
      .references(() => loggers.gsn, { onDelete: 'cascade' }),
    batterySn: varchar('battery_sn', { length: 40 }),
    op: varchar('op', { length: 16 }).notNull(),
    val: text('val').notNull().default(''),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    /** Device code of the answer (spec section 8). */
    code: integer('code'),
    message: varchar('message', { length: 256 }),
    progress: doublePrecision('progress'),
    upgradeState: varchar('upgrade_state', { length: 16 }),
    createBy: varchar('create_by', { length: 64 }).notNull(),
    createTime: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Last answer or progress report from the device (upgrades time out without them). */
    lastReportAt: timestamp('last_report_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('tb_command_nonce_key').on(t.nonce), index('tb_command_logger_idx').on(t.loggerGsn, t.createTime)],
);

export * from '../modules/position/position.table.js';
