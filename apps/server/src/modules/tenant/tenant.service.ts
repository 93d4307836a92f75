import {
  type Language,
  type ListQuery,
  type Page,
  type TenantAddRequest,
  type TenantEditRequest,
  type TenantRecord,
  type UserRecord,
  ServerCode,
  TenantMessage,
  splitIds,
  TenantStatus,
  tenantResource,
} from '@cellsight/contract';
import { badRequest, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { createResourceService } from '../../kit/resource-service.js';
import type { ExportFormat } from '../../kit/spreadsheet.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { Sessions } from '../../access/session.face.js';
import { platformTenantId } from '../../access/tenant-scope.js';
import type { DictService } from '../dict/dict.service.js';
import type { UserAccounts } from '../user/index.js';
import { type TenantRepository } from './tenant.repository.js';

interface Dependencies {
  tenants: TenantRepository;
  users: UserAccounts;
  /** Users left with no tenant that is not frozen are signed out. */
  sessions: Pick<Sessions, 'endSessionsOf'>;
  dicts: DictService;
  /** Users joined or left a tenant: their consoles reload their tenant list. */
  onUsersChanged: (userIds: string[]) => void;
}

/** A tenant number from the wire; anything else is no tenant (404, never a database error). */
/** A tenant's number written in decimal digits (`Number` alone would also read `0x10` or `1e3`), else null. */
const tenantNumber = (raw: string | number): number | null => {
  if (typeof raw === 'string' && !/^\d+$/.test(raw.trim())) return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
};

/**
 * Tenants (System → Tenants). Who administers which:
 * - the **platform administrator** (a member of the platform's own tenant who may add tenants)
 *   sees every tenant and alone adds, edits, freezes and deletes them;
 * - a **tenant administrator** (any other holder of the list permission) sees only the tenants they
 *   belong to (only the chosen one under a `tenant-id` header): another tenant is 404, as everywhere.
 * Both manage who belongs to a tenant they see, among the users they see.
 */
export const createTenantService = (deps: Dependencies) => {
  /** A platform administrator sees every tenant; anyone else those it administers. */
  const scope = (auth: AuthContext) => (auth.platform ? undefined : deps.tenants.administeredBy(auth));

  const kit = createResourceService({ resource: tenantResource, ...deps.tenants.screen, repository: deps.tenants.table, dicts: deps.dicts, scope });

  const assertPlatform = (auth: AuthContext) => {
    if (!auth.platform) throw forbidden('Only the platform administrator adds, changes, freezes or deletes tenants');
  };

  /** The tenants among `ids` the caller sees; 404 when any is not (outside the scope is "not found"). */
  const visible = async (auth: AuthContext, rawIds: (string | number)[]) => {
    const ids = [...new Set(rawIds.map(tenantNumber))];
    if (ids.some((id) => id === null)) throw notFound('Tenant');
    const numbers = ids as number[];
    const rows = await deps.tenants.table.byIds(numbers.map(String), scope(auth));
    if (rows.length !== numbers.length) throw notFound('Tenant');
    return rows;
  };

  return {
    resource: tenantResource,

    list: (auth: AuthContext, query: ListQuery, language: Language): Promise<Page<TenantRecord>> => kit.list(auth, query, language) as Promise<Page<TenantRecord>>,

    async byId(auth: AuthContext, id: string, language: Language): Promise<TenantRecord> {
      const number = tenantNumber(id);
      if (number === null) throw notFound('Tenant');
      return (await kit.byId(auth, String(number), language)) as TenantRecord;
    },

    exportSheet: (auth: AuthContext, query: ListQuery, language: Language, format: ExportFormat) => {
      // Tenants are numbered: a selection of anything else is refused before the database reads it.
      if (query.selections && splitIds(query.selections).some((id) => tenantNumber(id) === null)) throw invalidField('selections', 'must be tenant numbers separated by commas');
      return kit.exportSheet(auth, query, language, format);
    },

    /** `queryList?ids=`: the listed tenants the caller sees (all of them without ids), by number. */
    async queryList(auth: AuthContext, ids: string | undefined, language: Language): Promise<TenantRecord[]> {
      const wanted = (ids ?? '').split(',').filter((id) => id !== '').map(Number);
      const query = { pageSize: 500, column: 'id', order: 'asc' } as ListQuery;
      const page = await kit.list(auth, query, language);
      const records = page.records as TenantRecord[];
      return wanted.length === 0 ? records : records.filter((record) => wanted.includes(record.id));
    },

    async add(auth: AuthContext, input: TenantAddRequest): Promise<string> {
      assertPlatform(auth);
      const id = input.id ?? (await deps.tenants.nextId());
      if (await deps.tenants.exists(id)) throw invalidField('id', TenantMessage.idTaken);
      await deps.tenants.insert({ id, name: input.name, beginDate: input.beginDate ? new Date(input.beginDate) : null, endDate: input.endDate ? new Date(input.endDate) : null, status: TenantStatus.Normal, createBy: auth.username });
      return String(id);
    },

    async edit(auth: AuthContext, input: TenantEditRequest): Promise<void> {
      const [tenant] = await visible(auth, [input.id]);
      assertPlatform(auth);
      const date = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));
      const beginDate = date(input.beginDate);
      const endDate = date(input.endDate);
      // The order of the dates holds for the stored one too, when only one is sent.
      const begin = beginDate === undefined ? tenant?.beginDate : beginDate;
      const end = endDate === undefined ? tenant?.endDate : endDate;
      if (begin && end && begin > end) throw invalidField('endDate', 'must not be before the begin date');
      await deps.tenants.update(input.id, { ...(input.name === undefined ? {} : { name: input.name }), ...(beginDate === undefined ? {} : { beginDate }), ...(endDate === undefined ? {} : { endDate }), updateBy: auth.username, updateTime: new Date() });
    },

    /** Deletes tenants no user belongs to any more (JeecgBoot: "the tenant is referenced and cannot be deleted"). */
    async remove(auth: AuthContext, ids: string[]): Promise<void> {
      const rows = await visible(auth, ids);
      assertPlatform(auth);
      if (rows.some((row) => row.id === platformTenantId)) throw badRequest(ServerCode.OPERATION_FAILED, "The platform's own tenant cannot be deleted");
      const inUse = await deps.tenants.userCounts(rows.map((row) => row.id));
      const held = rows.find((row) => (inUse.get(row.id) ?? 0) > 0);
      if (held) throw badRequest(ServerCode.OPERATION_FAILED, `${held.name}: ${TenantMessage.inUse} (${inUse.get(held.id)} user(s))`);
      await deps.tenants.remove(rows.map((row) => row.id));
    },

    /**
     * Freezes (0) or unfreezes (1) tenants. A frozen tenant's users cannot choose it, sign in to it or
     * see its records; those left with no other tenant are signed out at once and cannot sign in.
     */
    async setStatus(auth: AuthContext, idList: string, status: 0 | 1): Promise<void> {
      const rows = await visible(auth, idList.split(','));
      assertPlatform(auth);
      const ids = rows.map((row) => row.id);
      if (status === TenantStatus.Frozen && ids.includes(platformTenantId)) throw badRequest(ServerCode.OPERATION_FAILED, TenantMessage.lastActive);
      await deps.tenants.setStatus(ids, status, auth.username);
      if (status === TenantStatus.Frozen) {
        const stranded = await deps.tenants.usersLeftWithoutActiveTenant(ids);
        await deps.sessions.endSessionsOf(stranded, 'frozen');
        deps.onUsersChanged(stranded);
      }
    },

    /** The users of a tenant the caller sees, with the users list's contract. */
    async users(auth: AuthContext, tenantId: number, query: ListQuery, language: Language): Promise<Page<UserRecord>> {
      await visible(auth, [tenantId]);
      return deps.users.list({ userId: auth.userId, tenantId }, query, language);
    },

    /** Makes users the caller sees members of the tenant (users may belong to several). */
    async addUsers(auth: AuthContext, tenantId: number, userIds: string[]): Promise<void> {
      await visible(auth, [tenantId]);
      const ids = [...new Set(userIds)];
      const live = new Set(await deps.users.idsSeenBy(ids, auth));
      const unknown = ids.filter((id) => !live.has(id));
      if (unknown.length > 0) throw invalidField('userIds', `unknown user id(s): ${unknown.join(', ')}`);
      deps.onUsersChanged(await deps.tenants.addUsers(tenantId, ids));
    },

    /** Takes users out of the tenant; a user it would leave in no tenant at all is refused (they would vanish from every list). */
    async removeUsers(auth: AuthContext, tenantId: number, userIds: string[]): Promise<void> {
      await visible(auth, [tenantId]);
      const ids = [...new Set(userIds)];
      if (ids.includes(auth.userId) && tenantId === auth.tenantId) throw invalidField('userIds', 'you cannot take yourself out of the tenant you work in');
      const stranded = await deps.tenants.onlyIn(tenantId, ids);
      if (stranded.length > 0) throw invalidField('userIds', `would belong to no tenant: ${stranded.join(', ')}`);
      const removed = await deps.tenants.removeUsers(tenantId, ids);
      if (removed.length === 0) throw notFound('Tenant user');
      deps.onUsersChanged(removed);
    },
  };
};

export type TenantService = ReturnType<typeof createTenantService>;
