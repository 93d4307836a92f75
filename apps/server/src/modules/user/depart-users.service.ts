import { type Language, type ListQuery, type Page, type UserRecord, formatFilterValue, limits, listQuerySchema } from '@cellsight/contract';
import { invalidField, notFound } from '../../lib/errors.js';
import { uniqueIds } from '../../lib/ids.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DepartDirectory } from '../depart/index.js';
import type { UserAccounts } from './user.face.js';

/** Most users the picker call answers with; a larger department is narrowed by real name. */
const pickerUsersMax = limits.pageSizeMax;

interface Dependencies {
  departs: DepartDirectory;
  users: UserAccounts;
  /** Told which users' departments changed (their consoles refresh their record and permissions). */
  onUsersChanged: (userIds: string[]) => void;
}

/**
 * The users of a department (System → Departments → Users, JeecgBoot's `/sys/user/*Depart*`
 * calls): the users' side of departments, so the depart module needs nothing of users. Only users
 * the caller may see (the Users screen's tenant rule), in departments of the caller's tenants.
 */
export const createDepartUsersService = (deps: Dependencies) => {
  const tell = (userIds: string[]) => {
    if (userIds.length > 0) deps.onUsersChanged(userIds);
  };
  return {
    /** The department's users that the caller may see, with the list contract. */
    async users(auth: AuthContext, departId: string, query: ListQuery, language: Language): Promise<Page<UserRecord>> {
      await deps.departs.seenBy(auth, departId);
      return deps.users.list(auth, query, language, deps.departs.hasMember(departId));
    },

    /**
     * The department's users the caller may see, for the user picker: the first `pickerUsersMax` by
     * user name, optionally only those whose real name holds `realname`.
     */
    async usersByDepart(auth: AuthContext, departId: string, realname: string | undefined, language: Language): Promise<UserRecord[]> {
      await deps.departs.seenBy(auth, departId);
      const query = listQuerySchema.parse({ pageSize: pickerUsersMax, column: 'username', order: 'asc', ...(realname ? { realname: formatFilterValue('like', realname) } : {}) });
      return (await deps.users.list(auth, query, language, deps.departs.hasMember(departId))).records;
    },

    /** Puts users into the department; every id must name a live user the caller may see. */
    async addUsers(auth: AuthContext, departId: string, userIdList: string[]): Promise<void> {
      await deps.departs.seenBy(auth, departId);
      const ids = uniqueIds(userIdList);
      const live = new Set(await deps.users.idsSeenBy(ids, auth));
      const unknown = ids.filter((id) => !live.has(id));
      if (unknown.length > 0) throw invalidField('userIdList', `unknown user id(s): ${unknown.join(', ')}`);
      tell(await deps.departs.addUsers(departId, ids));
    },

    /** Takes users the caller may see out of the department; 404 when none of them was in it. */
    async removeUsers(auth: AuthContext, departId: string, userIds: string[]): Promise<void> {
      const depart = await deps.departs.seenBy(auth, departId);
      const removed = await deps.departs.removeUsers(depart, uniqueIds(userIds), deps.users.scope(auth));
      if (removed.length === 0) throw notFound('Department user');
      tell(removed);
    },
  };
};

export type DepartUsersService = ReturnType<typeof createDepartUsersService>;
