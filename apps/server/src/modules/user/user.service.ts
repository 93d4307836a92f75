import type { Availability } from '../../kit/envelope.js';
import {
  DataLogTable,
  type EditInfoRequest,
  type Language,
  type ListQuery,
  type Page,
  type Resource,
  type UserInfo,
  type UserRecord,
  AccountType,
  Permission,
  ServerCode,
  UserStatus,
  superiorTypesOf,
  splitIds,
  type userEditRequestSchema,
  userResource,
} from '@cellsight/contract';
import type { z } from 'zod';
import { badRequest, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { buildListQuery, toPage } from '../../kit/list-query.js';
import { hashPassword } from '../../lib/password.js';
import { assertExportSize, dataRulesOn, exportResource, exportSelection, exportWindow } from '../../kit/resource-service.js';
import type { ExportFormat } from '../../kit/spreadsheet.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { Sessions } from '../../access/session.face.js';
import type { DepartDirectory } from '../depart/index.js';
import type { DictService } from '../dict/dict.service.js';
import type { UploadChecks } from '../file/index.js';
import type { RoleDirectory } from '../role/index.js';
import { assertGrantable } from '../permission/permission-grants.js';
import type { PermissionGrants } from '../permission/index.js';
import type { TenantMembershipRepository } from '../../access/tenant-membership.repository.js';
import { type TenantCaller } from '../../access/tenant-scope.js';
import { type UniqueUserField, type UserCondition, type UserRepository, type UserWrite, toUserRecord, userListSpec } from './user.repository.js';
import type { DataLogRecorder } from '../data-log/data-log.service.js';

/** The caller's data rules on a list of users (the Users screen's, or `listCode`'s: the Members screen), as a condition on sys_user. */
export const usersDataRules = (auth: AuthContext, listCode: string = userResource.permissions.list): Promise<UserCondition | undefined> => dataRulesOn(auth, listCode, userListSpec);

/**
 * A page of users the caller may see (the tenant rule), with the list contract and dictionary texts:
 * the Users screen, and the users of a role or a department (`where`).
 */
export const listUsers = async (repository: UserRepository, dicts: DictService, auth: TenantCaller, query: ListQuery, language: Language, where?: UserCondition): Promise<Page<UserRecord>> => {
  const built = buildListQuery(query, userListSpec, [where]);
  const [{ rows, total }, dictText] = await Promise.all([repository.list(built, repository.scope(auth)), dicts.translator(language)]);
  return toPage(
    rows.map((row) => toUserRecord(row, dictText)),
    total,
    built,
  );
};

/** Users the list query finds (or, with `selections`, just those), as `resource`'s spreadsheet: the Users screen, and the Members screen (`where`). */
export const exportUsers = async (
  repository: UserRepository,
  dicts: DictService,
  auth: TenantCaller,
  query: ListQuery,
  language: Language,
  format: ExportFormat,
  options: { resource: Resource; where?: UserCondition; now?: Date },
): Promise<{ fileName: string; contentType: string; data: Buffer }> => {
  const selected = exportSelection(query);
  const built = exportWindow(buildListQuery(query, userListSpec, [selected.length > 0 ? repository.withIds(selected) : undefined, options.where]));
  const [{ rows }, dictText] = await Promise.all([repository.list(built, repository.scope(auth)), dicts.translator(language)]);
  assertExportSize(rows);
  return exportResource(options.resource, rows.map((row) => toUserRecord(row, dictText)), language, format, options.now);
};

/** The fields add and edit share, as the contract reads them. */
/** The Members screen writes accounts through the same service, without a work number (kept as it is). */
export type UserFormInput = Omit<z.output<typeof userEditRequestSchema>, 'id' | 'workNo'> & { workNo?: string | null };

interface Dependencies {
  users: UserRepository;
  roles: RoleDirectory;
  departs: DepartDirectory;
  sessions: Sessions;
  tenants: TenantMembershipRepository;
  dicts: DictService;
  files: UploadChecks;
  /** Told about users whose sessions ended or whose record changed. */
  onSessionsEnded: (sessionIds: string[], reason: 'frozen' | 'deleted' | 'password-changed' | 'role-removed') => void;
  onUsersChanged: (ids: string[]) => void;
  /** What a user may do changed (their roles): their console reloads menu and buttons. */
  onPermissionsChanged: (ids: string[]) => void;
  permissions: PermissionGrants;
  /** The stations of an account that moved in the hierarchy take their new branch (returns those that changed). */
  rebranchStations: (userId: string) => Promise<string[]>;
  /** The data log: each user's addition, edit, freezing and deletion, with before and after, in the change's transaction. */
  dataLog?: DataLogRecorder;
  /** The codes only platform administrators use (`app.platformOnlyCodes`): a tenant's account holding them can do no more for it. */
  platformOnlyCodes: ReadonlySet<string>;
}

/** What a value another user holds answers, per field: the code, the message and the field's own refusal. */
const uniqueRefusals = {
  username: { code: ServerCode.USERNAME_REGISTERED, message: 'This user name is already registered', fieldMessage: 'is already registered' },
  email: { code: ServerCode.EMAIL_REGISTERED, message: 'This e-mail address is already registered', fieldMessage: 'is already registered' },
  phone: { code: ServerCode.MOBILE_REGISTERED, message: 'This mobile number is already registered', fieldMessage: 'is already registered' },
  workNo: { code: ServerCode.INCORRECT_PARAMETER, message: 'This work number is already in use', fieldMessage: 'is already in use' },
} as const satisfies Record<UniqueUserField, { code: number; message: string; fieldMessage: string }>;
const uniqueUserFields = Object.keys(uniqueRefusals) as UniqueUserField[];
const isUniqueUserField = (field: string): field is UniqueUserField => Object.hasOwn(uniqueRefusals, field);

/**
 * An account a caller changes (its profile, password, roles, state) must be the caller's to
 * administer: a platform administrator administers every account it sees; anyone else only accounts
 * that belong to no tenant beyond the caller's, since an account that also belongs to another
 * tenant is that tenant's too (403 otherwise).
 */
/** Codes that administer accounts or the system (`system:…`, `member:…`, `online:…`), as opposed to working with stations and devices. */
const administrationCode = /^(system|member|online):/;

export const assertAdministers = async (users: UserRepository, auth: AuthContext, ids: string[]): Promise<void> => {
  if (auth.platform || ids.length === 0) return;
  if ((await users.alsoElsewhere(ids, auth)).length > 0) throw forbidden('This account also belongs to another tenant: only a platform administrator may change it');
};

export const createUserService = (deps: Dependencies) => {
  /** Runs a change of several users and logs each one's state before and after it (a deletion: before only). */
  const changeLogged = async (auth: AuthContext, ids: string[], change: () => Promise<unknown>, action: 'edit' | 'delete') => {
    const before = await Promise.all(ids.map((id) => deps.users.findById(id)));
    await change();
    for (const [index, id] of ids.entries()) {
      await deps.dataLog?.record({ table: DataLogTable.User, id, action, before: before[index], after: action === 'delete' ? null : await deps.users.findById(id), by: auth.username }, { auth });
    }
  };
  /** Records a caller may see: users of the caller's tenants (the chosen one, or all their own). */
  const scope = (auth: AuthContext): UserCondition => deps.users.scope(auth);

  /**
   * No one takes over or locks out an account that administers more than they do: setting its
   * password, freezing or deleting it needs every administration permission it holds (accounts,
   * members, the system's screens, reports; as the server gives them: a tenant's account without the
   * platform's codes). A help desk that may reset passwords resets the end users', never its
   * administrators'.
   */
  const assertOutranks = async (auth: AuthContext, ids: string[]) => {
    for (const target of await deps.users.powersOf(ids.filter((id) => id !== auth.userId))) {
      const administering = [...target.codes].filter((code) => administrationCode.test(code) && (target.platform || !deps.platformOnlyCodes.has(code)));
      const beyond = administering.filter((code) => !auth.permissions.has(code));
      if (beyond.length > 0) throw forbidden(`This account holds permissions you do not hold: ${beyond.sort().slice(0, 5).join(', ')}${beyond.length > 5 ? ', …' : ''}`);
    }
  };

  /** The accounts among `ids` the caller may change: seen (else 404), administered and not above the caller (else 403). */
  const changeableIds = async (auth: AuthContext, ids: string[], options: { deleted?: number; outrank?: boolean } = {}): Promise<string[]> => {
    const seen = await visibleIds(auth, ids, options.deleted);
    await assertAdministers(deps.users, auth, seen);
    if (options.outrank) await assertOutranks(auth, seen);
    return seen;
  };

  /** Every id must name a live user the caller may see; otherwise 404 (existence does not leak). */
  const visibleIds = async (auth: AuthContext, ids: string[], deleted = 0): Promise<string[]> => {
    if (ids.length === 0) throw invalidField('ids', 'is required');
    if (ids.length > 1000) throw invalidField('ids', 'has more than 1000 ids');
    const rows = await deps.users.idsSeenBy(ids, auth, deleted);
    if (rows.length !== new Set(ids).size) throw notFound('User');
    return rows;
  };

  const assertUnique = async (fields: Partial<Record<UniqueUserField, string | null | undefined>>, exceptId?: string) => {
    for (const field of uniqueUserFields) {
      const value = fields[field];
      if (value && (await deps.users.isTaken(field, value, exceptId))) {
        const { code, message, fieldMessage } = uniqueRefusals[field];
        throw badRequest(code, message, [{ field, message: fieldMessage }]);
      }
    }
  };

  /** Ids of a comma-joined list that must all exist (roles, departments); undefined leaves the links alone. */
  const resolveIds = async (list: string | undefined, field: 'selectedroles' | 'selecteddeparts', existing: (ids: string[]) => Promise<string[]>): Promise<string[] | undefined> => {
    if (list === undefined) return undefined;
    const ids = [...new Set(splitIds(list))];
    const found = await existing(ids);
    const unknown = ids.filter((id) => !found.includes(id));
    if (unknown.length > 0) throw invalidField(field, `unknown id(s): ${unknown.join(', ')}`);
    return ids;
  };
  /** Roles to give: they must exist, and the caller must hold what each newly given role grants. */
  const resolveRoles = async (auth: AuthContext, list: string | undefined, userId?: string) => {
    // Roles the caller sees: the platform's and its tenants' own (another tenant's is unknown here).
    const ids = await resolveIds(list, 'selectedroles', (wanted) => deps.roles.existing(wanted, auth));
    if (!ids) return undefined;
    const held = userId ? await deps.users.roleIds(userId) : [];
    assertGrantable(auth, await deps.permissions.codesOfRoles(ids.filter((id) => !held.includes(id))));
    return ids;
  };
  // Departments of the caller's tenants (another tenant's is unknown here).
  const resolveDeparts = (auth: AuthContext, list: string | undefined) => resolveIds(list, 'selecteddeparts', (wanted) => deps.departs.existing(wanted, auth));

  /**
   * Tenants may only be granted among the caller's own; without a list, a new user joins the
   * chosen tenant (or the caller's first). A user in none of the caller's tenants would vanish from
   * the caller's view, so at least one is required.
   */
  const resolveTenants = async (auth: AuthContext, list: string | undefined): Promise<number[]> => {
    const own = (await deps.tenants.activeForUser(auth.userId)).map((t) => t.id);
    const ids = list === undefined ? [auth.tenantId || own[0]].filter((id): id is number => id !== undefined) : [...new Set(splitIds(list).map(Number))];
    const foreign = ids.filter((id) => !own.includes(id));
    if (foreign.length > 0) throw invalidField('relTenantIds', `not your tenant(s): ${foreign.join(', ')}`);
    if (ids.length === 0) throw invalidField('relTenantIds', 'name at least one of your tenants');
    return ids;
  };

  /**
   * The account type and superior (spec section 6): an installer's superior is a distributor, an end
   * user's an installer or a distributor; administrators and distributors have none. The superior
   * must be a user the caller may see. Undefined leaves both as they are.
   */
  const resolveHierarchy = async (auth: AuthContext, input: Pick<UserFormInput, 'accountType' | 'superiorId'>, existing?: { id: string; accountType: string; superiorId: string | null } | null) => {
    if (input.accountType === undefined && input.superiorId === undefined) return {};
    const accountType = input.accountType ?? (existing?.accountType as AccountType | undefined) ?? AccountType.EndUser;
    const superiorId = input.superiorId === undefined ? (existing?.superiorId ?? null) : input.superiorId;
    const allowed = superiorTypesOf[accountType];
    if (superiorId !== null) {
      const field = input.superiorId === undefined ? 'accountType' : 'superiorId';
      if (allowed.length === 0) throw invalidField(field, `an account of type ${accountType} has no superior`);
      if (superiorId === existing?.id) throw invalidField('superiorId', 'cannot be the account itself');
      const [superior] = await deps.users.accountTypes([superiorId], scope(auth));
      if (!superior) throw notFound('User', 'superiorId');
      if (!(allowed as readonly string[]).includes(superior.accountType)) throw invalidField(field, `the superior of ${accountType} must be ${allowed.join(' or ')}`);
    }
    return { accountType, superiorId };
  };

  /** An avatar must be an image uploaded through /sys/common/upload (the contract checks its form). */
  const assertAvatar = async (avatar: string | null | undefined) => {
    if (avatar && !(await deps.files.isUploaded(avatar, 'avatar'))) throw invalidField('avatar', 'must be the path of an avatar uploaded through /sys/common/upload');
  };

  /** A move in the hierarchy: the stations of the account (and of those under it) follow it. */
  const rebranchIfMoved = async (id: string, before: { accountType: string; superiorId: string | null } | null, hierarchy: { accountType?: string; superiorId?: string | null }) => {
    if (before && ((hierarchy.accountType ?? before.accountType) !== before.accountType || (hierarchy.superiorId === undefined ? before.superiorId : hierarchy.superiorId) !== before.superiorId)) {
      await deps.rebranchStations(id);
    }
  };

  const writeFields = (input: UserFormInput): UserWrite => ({
    realname: input.realname,
    email: input.email ?? null,
    phone: input.phone ?? null,
    sex: input.sex ?? null,
    company: input.company ?? null,
    address: input.address ?? null,
    avatar: input.avatar ?? null,
    code: input.code ?? null,
    ...(input.workNo === undefined ? {} : { workNo: input.workNo }),
  });

  return {
    resource: userResource,
    list: async (auth: AuthContext, query: ListQuery, language: Language) => listUsers(deps.users, deps.dicts, auth, query, language, await usersDataRules(auth)),

    /**
     * The users the list query finds (or, with `selections`, just those), sorted as on screen, as
     * an .xlsx file. Paging is ignored; more than `exportRowsMax` rows asks for a narrower search.
     */
    async exportSheet(auth: AuthContext, query: ListQuery, language: Language, format: ExportFormat, now = new Date()): Promise<{ fileName: string; contentType: string; data: Buffer }> {
      return exportUsers(deps.users, deps.dicts, auth, query, language, format, { resource: userResource, where: await usersDataRules(auth), now });
    },

    /**
     * An id for a user about to be added (JeecgBoot's Users → Add form asks for one): the server's
     * own generator, the one every new row's id comes from. Nothing reserves it: `add` assigns the
     * user's id itself and drops one sent in the body.
     */
    generateId(): string {
      return newId();
    },

    async add(auth: AuthContext, input: UserFormInput & { username: string; password: string }): Promise<string> {
      await assertUnique({ username: input.username, email: input.email, phone: input.phone, workNo: input.workNo });
      await assertAvatar(input.avatar);
      const roleIds = await resolveRoles(auth, input.selectedroles);
      const departIds = await resolveDeparts(auth, input.selecteddeparts);
      const tenantIds = await resolveTenants(auth, input.relTenantIds);
      const hierarchy = await resolveHierarchy(auth, input);
      const id = newId();
      const passwordHash = await hashPassword(input.password);
      await deps.users.transaction(async (tx) => {
        await deps.users.insert({ id, username: input.username, passwordHash, ...writeFields(input), ...hierarchy, status: UserStatus.Normal, createBy: auth.username }, tx);
        if (roleIds) await deps.users.replaceRoles(id, roleIds, tx);
        if (departIds) await deps.users.replaceDeparts(id, departIds, tx);
        await deps.users.replaceTenants(id, tenantIds, auth, tx);
        await deps.dataLog?.record({ table: DataLogTable.User, id, action: 'add', after: await deps.users.findById(id, tx), by: auth.username }, { executor: tx, auth });
      });
      deps.onUsersChanged([id]);
      return id;
    },

    async edit(auth: AuthContext, input: UserFormInput & { id: string }): Promise<void> {
      await changeableIds(auth, [input.id]);
      await assertUnique({ email: input.email, phone: input.phone, workNo: input.workNo }, input.id);
      await assertAvatar(input.avatar);
      const roleIds = await resolveRoles(auth, input.selectedroles, input.id);
      const departIds = await resolveDeparts(auth, input.selecteddeparts);
      const tenantIds = input.relTenantIds === undefined ? undefined : await resolveTenants(auth, input.relTenantIds);
      const before = await deps.users.findById(input.id);
      const rolesTaken = roleIds !== undefined && (await deps.users.roleIds(input.id)).some((id) => !roleIds.includes(id));
      const hierarchy = await resolveHierarchy(auth, input, before);
      await deps.users.transaction(async (tx) => {
        await deps.users.update(input.id, { ...writeFields(input), ...hierarchy, updateBy: auth.username, updateTime: new Date() }, tx);
        if (roleIds) await deps.users.replaceRoles(input.id, roleIds, tx);
        if (departIds) await deps.users.replaceDeparts(input.id, departIds, tx);
        if (tenantIds) await deps.users.replaceTenants(input.id, tenantIds, auth, tx);
        await deps.dataLog?.record({ table: DataLogTable.User, id: input.id, action: 'edit', before, after: await deps.users.findById(input.id, tx), by: auth.username }, { executor: tx, auth });
      });
      await rebranchIfMoved(input.id, before, hierarchy);
      deps.onUsersChanged([input.id]);
      if (roleIds) deps.onPermissionsChanged([input.id]);
      // A role taken away ends the user's sessions (except the caller's own, editing themselves).
      if (rolesTaken) deps.onSessionsEnded(await deps.sessions.revokeAllForUser(input.id, input.id === auth.userId ? auth.sessionId : undefined), 'role-removed');
    },

    /**
     * Puts an account under another distributor or installer (the Members screen's move, and the
     * hand-on of a deleted account's members), by the rules of the user form; its stations follow.
     */
    async moveUnder(auth: AuthContext, id: string, superiorId: string): Promise<void> {
      await changeableIds(auth, [id]);
      const before = await deps.users.findById(id);
      const hierarchy = await resolveHierarchy(auth, { superiorId }, before);
      await deps.users.update(id, { ...hierarchy, updateBy: auth.username, updateTime: new Date() });
      await rebranchIfMoved(id, before, hierarchy);
      deps.onUsersChanged([id]);
    },

    /** Freezes (2) or unfreezes (1) users; frozen users are signed out everywhere. */
    async setStatus(auth: AuthContext, idList: string, status: 1 | 2): Promise<void> {
      const ids = await changeableIds(auth, splitIds(idList), { outrank: status === UserStatus.Frozen });
      if (status === UserStatus.Frozen && ids.includes(auth.userId)) throw forbidden('You cannot freeze your own account');
      await changeLogged(auth, ids, () => deps.users.updateMany(ids, { status, updateBy: auth.username, updateTime: new Date() }), 'edit');
      if (status === UserStatus.Frozen) {
        await deps.sessions.endSessionsOf(ids, 'frozen');
      }
      deps.onUsersChanged(ids);
    },

    /** Moves users to the recycle bin; their sessions end. */
    async remove(auth: AuthContext, idList: string[]): Promise<void> {
      const ids = await changeableIds(auth, idList, { outrank: true });
      if (ids.includes(auth.userId)) throw forbidden('You cannot delete your own account');
      await changeLogged(auth, ids, () => deps.users.updateMany(ids, { delFlag: 1, updateBy: auth.username, updateTime: new Date() }), 'delete');
      await deps.sessions.endSessionsOf(ids, 'deleted');
      deps.onUsersChanged(ids);
    },

    async recycleBin(auth: AuthContext, language: Language): Promise<UserRecord[]> {
      const [rows, dictText] = await Promise.all([deps.users.recycleBin(scope(auth)), deps.dicts.translator(language)]);
      return rows.map((row) => toUserRecord(row, dictText));
    },

    async restore(auth: AuthContext, idList: string): Promise<void> {
      const ids = await changeableIds(auth, splitIds(idList), { deleted: 1 });
      await deps.users.updateMany(ids, { delFlag: 0, updateBy: auth.username, updateTime: new Date() });
      deps.onUsersChanged(ids);
    },

    async deleteForever(auth: AuthContext, idList: string): Promise<void> {
      const ids = await changeableIds(auth, splitIds(idList), { deleted: 1, outrank: true });
      await deps.users.deleteForever(ids);
    },

    /**
     * True when no user of the caller's tenants holds the value (other than the user being edited,
     * who must be one of them). Asking says nothing about users of other tenants.
     */
    async isAvailable(auth: AuthContext, field: string, value: string, exceptId?: string): Promise<Availability> {
      if (!isUniqueUserField(field)) throw invalidField('fieldName', 'cannot check this field');
      if (exceptId) await visibleIds(auth, [exceptId]);
      const taken = await deps.users.isTaken(field, value, exceptId, scope(auth));
      return taken ? { free: false, code: uniqueRefusals[field].code, message: uniqueRefusals[field].message } : { free: true, code: ServerCode.OK, message: 'Available' };
    },

    async queryById(auth: AuthContext, id: string): Promise<UserInfo> {
      if (id !== auth.userId) {
        if (!auth.permissions.has(Permission.UserList)) throw forbidden();
        await visibleIds(auth, [id]);
      }
      const info = await deps.users.findInfo(id);
      if (!info) throw notFound('User');
      return info;
    },

    async roleIdsOf(auth: AuthContext, id: string): Promise<string[]> {
      await visibleIds(auth, [id]);
      return deps.users.roleIds(id);
    },

    /** A user's departments as `{key, title}` (the user form preloads them). */
    async departsOf(auth: AuthContext, id: string): Promise<{ key: string; title: string }[]> {
      await visibleIds(auth, [id]);
      return (await deps.users.departsOf(id)).map((d) => ({ key: d.id, title: d.departName }));
    },

    /** A user edits their own profile. */
    async editInfo(auth: AuthContext, input: EditInfoRequest): Promise<UserInfo> {
      if (input.id && input.id !== auth.userId) throw forbidden('You may edit only your own profile');
      await assertAvatar(input.avatar);
      const values: Partial<UserWrite> = {};
      if (input.realname !== undefined) values.realname = input.realname;
      if (input.avatar !== undefined) values.avatar = input.avatar || null;
      if (input.company !== undefined) values.company = input.company || null;
      if (input.address !== undefined) values.address = input.address || null;
      if (input.sex !== undefined) values.sex = input.sex;
      await deps.users.update(auth.userId, { ...values, updateBy: auth.username, updateTime: new Date() });
      const info = await deps.users.findInfo(auth.userId);
      if (!info) throw notFound('User');
      deps.onUsersChanged([auth.userId]);
      return info;
    },

    /** An administrator sets another user's password; that user's sessions end. */
    async resetPassword(auth: AuthContext, username: string, password: string): Promise<void> {
      const user = await deps.users.findByUsername(username);
      if (!user || user.delFlag !== 0) throw notFound('User');
      await changeableIds(auth, [user.id], { outrank: true });
      await deps.users.update(user.id, { passwordHash: await hashPassword(password), updateBy: auth.username, updateTime: new Date() });
      deps.onSessionsEnded(await deps.sessions.revokeAllForUser(user.id, user.id === auth.userId ? auth.sessionId : undefined), 'password-changed');
    },
  };
};

export type UserService = ReturnType<typeof createUserService>;
