import { type UserInfo, type UserRecord, userListColumns } from '@cellsight/contract';
import { type SQL, and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '../../db/database.js';
import { departs, userDeparts, userRoles, userTenants, users } from '../../db/schema.js';
import { selectPage } from '../../kit/select-page.js';
import { type BuiltListQuery, defineListSpec } from '../../kit/list-query.js';
import { inPlatformTenant } from '../../access/tenant-scope.js';
import { type TenantCaller, callerTenantIds } from '../../access/tenant-scope.js';
import { buttonCodesOf, codeSet } from '../../access/granted-permissions.js';

export type UserRow = typeof users.$inferSelect;
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;
/** A condition on sys_user rows (the tenant scope, data rules, a role's or a department's users): made here, passed on by the services. */
export type UserCondition = SQL;

/** Filterable and sortable columns of the Users screen (types and bounds in the contract); the wire names are the columns' own. */
export const userListSpec = defineListSpec(
  userListColumns,
  Object.fromEntries(Object.keys(userListColumns).map((name) => [name, users[name as keyof typeof userListColumns]])) as unknown as Record<keyof typeof userListColumns, AnyPgColumn>,
  { name: 'createTime', order: 'desc' },
  users.id,
);

// Drizzle leaves column names unqualified inside a single-table select, so these correlated
// subqueries name their tables explicitly.
/** Comma-joined names of the user's departments (`orgCodeTxt`). */
const departNames = sql<string | null>`(
  select string_agg(d.depart_name, ',' order by d.depart_name)
  from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
  where ud.user_id = "sys_user"."id")`;

/** Comma-joined names of the user's roles. */
const roleNames = sql<string | null>`(
  select string_agg(r.role_name, ',' order by r.role_name)
  from sys_user_role ur join sys_role r on r.id = ur.role_id
  where ur.user_id = "sys_user"."id")`;

/** The superior's name (`superiorName`). */
const superiorName = sql<string | null>`(select s.realname from sys_user s where s.id = "sys_user"."superior_id")`;

const publicColumns = {
  id: users.id,
  username: users.username,
  realname: users.realname,
  avatar: users.avatar,
  sex: users.sex,
  email: users.email,
  phone: users.phone,
  company: users.company,
  address: users.address,
  code: users.code,
  workNo: users.workNo,
  orgCode: users.orgCode,
  status: users.status,
  demo: users.demo,
  platform: inPlatformTenant(sql`${users.id}`),
  createTime: users.createTime,
  createBy: users.createBy,
  updateTime: users.updateTime,
  orgCodeTxt: departNames,
  roleNames,
  accountType: users.accountType,
  superiorId: users.superiorId,
  superiorName,
};

type PublicRow = SelectResultFields<typeof publicColumns>;

/** The row as the wire carries it (dates as ISO 8601); the contract's schema keeps only its own fields. */
export const toUserInfo = ({
  createTime,
  updateTime: _updateTime,
  createBy: _createBy,
  roleNames: _roleNames,
  accountType: _accountType,
  workNo: _workNo,
  superiorId: _superiorId,
  superiorName: _superiorName,
  ...row
}: PublicRow): UserInfo => ({ ...row, createTime: createTime.toISOString() });

export const toUserRecord = (row: PublicRow, dictText: (code: string, value: string | number | null) => string | null): UserRecord => ({
  ...toUserInfo(row),
  sex_dictText: dictText('sex', row.sex),
  status_dictText: dictText('user_status', row.status) ?? String(row.status),
  roleNames: row.roleNames ?? '',
  workNo: row.workNo,
  accountType: row.accountType,
  accountType_dictText: dictText('account_type', row.accountType),
  superiorId: row.superiorId,
  superiorName: row.superiorName,
  createBy: row.createBy,
  updateTime: row.updateTime ? row.updateTime.toISOString() : null,
});

/** The user fields no two accounts share. */
export type UniqueUserField = 'username' | 'email' | 'phone' | 'workNo';

/** The fields the user form writes. */
export type UserWrite = Required<Pick<typeof users.$inferInsert, 'realname' | 'email' | 'phone' | 'sex' | 'company' | 'address' | 'avatar' | 'code'>> &
  Pick<typeof users.$inferInsert, 'workNo'> &
  Pick<typeof users.$inferInsert, 'accountType' | 'superiorId'>;

/** Users who belong to one of the caller's tenants (`callerTenantIds`): the scope of every user read and write. */
const scopeOf = (db: Database, caller: TenantCaller): SQL => inArray(users.id, db.select({ id: userTenants.userId }).from(userTenants).where(inArray(userTenants.tenantId, callerTenantIds(caller))));

/** Which of the ids name users matching `where`. */
const existingIdsOf = async (db: Database, ids: string[], where?: SQL): Promise<string[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), where));
  return rows.map((r) => r.id);
};

export const createUserRepository = (db: Database) => ({
  async findByUsername(username: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
    return row ?? null;
  },

  /** The live account holding this mobile number or e-mail address (any case), if any. */
  async findByContact(field: 'phone' | 'email', value: string): Promise<UserRow | null> {
    const match = field === 'email' ? sql`lower(${users.email}) = ${value.toLowerCase()}` : eq(users.phone, value);
    const [row] = await db
      .select()
      .from(users)
      .where(and(match, eq(users.delFlag, 0)))
      .limit(1);
    return row ?? null;
  },

  /** The live installer or distributor whose user code this is (an invitation names it). */
  async findInviter(code: string): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.code, code), eq(users.delFlag, 0), eq(users.status, 1), inArray(users.accountType, ['installer', 'distributor'])))
      .limit(1);
    return row ?? null;
  },

  async findById(id: string, tx: Executor = db): Promise<UserRow | null> {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  },

  /** Account types of live users within `scope` (a superior must be one the caller may see). */
  async accountTypes(ids: string[], scope: SQL): Promise<{ id: string; accountType: string }[]> {
    if (ids.length === 0) return [];
    return db.select({ id: users.id, accountType: users.accountType }).from(users).where(and(inArray(users.id, ids), eq(users.delFlag, 0), scope));
  },

  async findInfo(id: string): Promise<UserInfo | null> {
    const [row] = await db.select(publicColumns).from(users).where(and(eq(users.id, id), eq(users.delFlag, 0))).limit(1);
    return row ? toUserInfo(row) : null;
  },

  /** One page of live users (not in the recycle bin) and the total count. */
  list(built: BuiltListQuery, scope: SQL) {
    return selectPage(db, users, db.select(publicColumns).from(users).$dynamic(), built, and(eq(users.delFlag, 0), scope));
  },

  async recycleBin(scope: SQL | undefined) {
    return db
      .select(publicColumns)
      .from(users)
      .where(and(eq(users.delFlag, 1), scope))
      .orderBy(asc(users.username));
  },

  /** Whether a value of a unique field is taken by a user other than `exceptId` (recycle bin included), within `scope` when given. */
  async isTaken(field: UniqueUserField, value: string, exceptId?: string, scope?: SQL): Promise<boolean> {
    // E-mail addresses are unique regardless of case (the unique index is on lower(email)).
    const match = field === 'email' ? sql`lower(${users.email}) = ${value.toLowerCase()}` : eq(users[field], value);
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(match, exceptId ? ne(users.id, exceptId) : undefined, scope))
      .limit(1);
    return row !== undefined;
  },

  async insert(values: typeof users.$inferInsert, tx: Executor = db): Promise<void> {
    await tx.insert(users).values(values);
  },

  async update(id: string, values: Partial<typeof users.$inferInsert>, tx: Executor = db): Promise<boolean> {
    const rows = await tx.update(users).set(values).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  },

  /** Which of the ids name users matching `where`. */
  existingIds: (ids: string[], where?: SQL): Promise<string[]> => existingIdsOf(db, ids, where),

  /** Which of the ids name users the caller sees (`scope`) that are live, or with `deleted` 1 in the recycle bin. */
  idsSeenBy: (ids: string[], caller: TenantCaller, deleted = 0): Promise<string[]> => existingIdsOf(db, ids, and(eq(users.delFlag, deleted), scopeOf(db, caller))),

  /** "The user is one of these", as a condition (an export's selection). */
  withIds: (ids: string[]): UserCondition => inArray(users.id, ids),

  /** Sets status or del_flag on several users; returns the ids that changed. */
  async updateMany(ids: string[], values: Partial<typeof users.$inferInsert>, where?: SQL): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .update(users)
      .set(values)
      .where(and(inArray(users.id, ids), where))
      .returning({ id: users.id });
    return rows.map((r) => r.id);
  },

  /** Removes users for good (only those in the recycle bin); links cascade. */
  async deleteForever(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .delete(users)
      .where(and(inArray(users.id, ids), eq(users.delFlag, 1)))
      .returning({ id: users.id });
    return rows.map((r) => r.id);
  },

  async replaceRoles(userId: string, roleIds: string[], tx: Executor = db): Promise<void> {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (roleIds.length > 0) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  },

  async replaceDeparts(userId: string, departIds: string[], tx: Executor = db): Promise<void> {
    await tx.delete(userDeparts).where(eq(userDeparts.userId, userId));
    if (departIds.length > 0) await tx.insert(userDeparts).values(departIds.map((departId) => ({ userId, departId })));
  },

  /** Sets the user's tenants among the caller's own; memberships of tenants the caller is not in stay. */
  async replaceTenants(userId: string, tenantIds: number[], caller: TenantCaller, tx: Executor = db): Promise<void> {
    await tx.delete(userTenants).where(and(eq(userTenants.userId, userId), inArray(userTenants.tenantId, callerTenantIds(caller))));
    if (tenantIds.length > 0) await tx.insert(userTenants).values(tenantIds.map((tenantId) => ({ userId, tenantId })));
  },

  async roleIds(userId: string): Promise<string[]> {
    const rows = await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
    return rows.map((r) => r.id);
  },

  async departsOf(userId: string) {
    return db
      .select({ id: departs.id, departName: departs.departName, orgCode: departs.orgCode, parentId: departs.parentId })
      .from(departs)
      .innerJoin(userDeparts, eq(userDeparts.departId, departs.id))
      .where(eq(userDeparts.userId, userId))
      .orderBy(asc(departs.orgCode));
  },

  /** Of these users, those who also belong to a tenant the caller does not work in (`callerTenantIds`). */
  async alsoElsewhere(ids: string[], caller: TenantCaller): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectDistinct({ id: userTenants.userId })
      .from(userTenants)
      .where(and(inArray(userTenants.userId, ids), sql`${userTenants.tenantId} not in ${callerTenantIds(caller)}`));
    return rows.map((row) => row.id);
  },

  /** What each of these users may do: their permission codes, and whether they belong to the platform's own tenant. */
  async powersOf(ids: string[]): Promise<{ id: string; codes: Set<string>; platform: boolean }[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({
        id: users.id,
        perms: buttonCodesOf(sql`${users.id}`),
        platform: inPlatformTenant(sql`${users.id}`),
      })
      .from(users)
      .where(inArray(users.id, ids));
    return rows.map((row) => ({ id: row.id, codes: codeSet(row.perms), platform: row.platform }));
  },

  /** Users who belong to one of the caller's tenants (`callerTenantIds`): the scope of every user read and write. */
  scope: (caller: TenantCaller): SQL => scopeOf(db, caller),

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return db.transaction((tx) => work(tx));
  },
});

export type UserRepository = ReturnType<typeof createUserRepository>;
