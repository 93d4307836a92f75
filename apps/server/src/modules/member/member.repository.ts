import { AccountType, MenuType } from '@cellsight/contract';
import { type SQL, and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { permissions, userPermissions, users } from '../../db/schema.js';
import type { ScopeCaller } from '../../access/station-scope.js';
import type { UserAccounts } from '../user/index.js';
import { membersBelow } from '../../access/member-scope.js';

export interface MemberRow {
  id: string;
  username: string;
  accountType: AccountType;
  superiorId: string | null;
}

const memberColumns = { id: users.id, username: users.username, accountType: users.accountType, superiorId: users.superiorId };

export const createMemberRepository = (db: Database, userRepository: UserAccounts) => {
  /** Live accounts of the caller's tenants below the caller: every member read and write is within it. */
  const inBranch = (caller: ScopeCaller): SQL => and(eq(users.delFlag, 0), userRepository.scope(caller), membersBelow(caller)) as SQL;

  return {
    inBranch,

    /** The Members list's condition on sys_user: the accounts below the caller, narrowed by its data rules. */
    listed: (caller: ScopeCaller, rules: SQL | undefined): SQL | undefined => and(membersBelow(caller), rules),

    /** The members among `ids` the caller may manage (others are as unknown as missing ones). */
    async inBranchOf(caller: ScopeCaller, ids: string[]): Promise<MemberRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(memberColumns)
        .from(users)
        .where(and(inArray(users.id, ids), inBranch(caller)));
    },

    /** Live accounts directly under any of `ids` (what a deletion hands on). */
    async directlyUnder(ids: string[]): Promise<MemberRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(memberColumns)
        .from(users)
        .where(and(inArray(users.superiorId, ids), eq(users.delFlag, 0)));
    },

    /** A live account by user name (the configured defaults). */
    async byUsername(username: string): Promise<MemberRow | null> {
      const [row] = await db
        .select(memberColumns)
        .from(users)
        .where(and(eq(users.username, username), eq(users.delFlag, 0)))
        .limit(1);
      return row ?? null;
    },

    /** Where members of the caller may go: the caller itself when it can stand above others, then the installers and distributors below it. */
    async superiors(caller: ScopeCaller) {
      return db
        .select({ id: users.id, username: users.username, realname: users.realname, accountType: users.accountType })
        .from(users)
        .where(and(inArray(users.accountType, [AccountType.Distributor, AccountType.Installer]), or(and(eq(users.id, caller.userId), eq(users.delFlag, 0)), inBranch(caller))))
        .orderBy(sql`${users.id} = ${caller.userId} desc`, asc(users.realname))
        .limit(2000);
    },

    /** The live button rows carrying any of `codes`: what a member may be granted by checkbox. */
    async buttonRows(codes: readonly string[]) {
      return db
        .select({ id: permissions.id, perms: permissions.perms, name: permissions.name })
        .from(permissions)
        .where(and(eq(permissions.menuType, MenuType.Button), eq(permissions.delFlag, 0), eq(permissions.status, '1'), inArray(permissions.perms, [...codes])))
        .orderBy(asc(permissions.sortNo), asc(permissions.id));
    },

    /** The permission rows granted to the user alone. */
    async grants(userId: string): Promise<string[]> {
      const rows = await db.select({ id: userPermissions.permissionId }).from(userPermissions).where(eq(userPermissions.userId, userId));
      return rows.map((row) => row.id);
    },

    /** Sets the user's own grants to exactly these rows. */
    async replaceGrants(userId: string, permissionIds: string[], by: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
        if (permissionIds.length > 0) await tx.insert(userPermissions).values(permissionIds.map((permissionId) => ({ userId, permissionId, createBy: by })));
      });
    },
  };
};

export type MemberRepository = ReturnType<typeof createMemberRepository>;
