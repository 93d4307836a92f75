import {
  type AccountType,
  type Language,
  type ListQuery,
  type MemberOptions,
  type MemberPermission,
  ServerCode,
  creatableTypesOf,
  memberGrantableCodes,
  memberResource,
  superiorTypesOf,
  type memberAddRequestSchema,
  type memberEditRequestSchema,
} from '@cellsight/contract';
import type { z } from 'zod';
import { badRequest, forbidden, invalidField, notFound } from '../../lib/errors.js';
import type { ExportFormat } from '../../kit/spreadsheet.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DictService } from '../dict/dict.service.js';
import { assertGrantable } from '../permission/permission-grants.js';
import type { PermissionGrants } from '../permission/index.js';
import type { RoleDirectory } from '../role/index.js';
import type { UserAccounts } from '../user/index.js';
import type { UserService } from '../user/index.js';
import type { MemberRepository, MemberRow } from './member.repository.js';
import { splitCodes } from '../../access/granted-permissions.js';

interface Dependencies {
  members: MemberRepository;
  users: UserAccounts;
  /** The Users screen's service: uniqueness, password hashing, hierarchy rules, stations that follow a move, sessions that end. */
  userService: UserService;
  roles: RoleDirectory;
  permissions: PermissionGrants;
  dicts: DictService;
  /** User names of the accounts that take over a deleted account's members when nobody is above it. */
  defaults: { distributor: string | null; installer: string | null };
  /** What a user may do changed: their console reloads menu and buttons. */
  onPermissionsChanged: (ids: string[]) => void;
  /** Members came or went below these accounts (a move, a deletion): their Members screens reload. */
  onBranchChanged: (accountIds: string[], memberIds: string[]) => void;
}

type AddInput = z.output<typeof memberAddRequestSchema>;
type EditInput = z.output<typeof memberEditRequestSchema>;

/**
 * The Members screen (CRM, spec sections 2, 3 and 6): the accounts below the caller, created,
 * edited, moved, deleted and granted buttons within the caller's branch. The account records and
 * their rules are the Users screen's (`userService`); this service adds who may do what to whom.
 * A member outside the branch answers 404, like one that does not exist.
 */
export const createMemberService = (deps: Dependencies) => {
  /** Every id must name a member of the caller's branch; otherwise 404 naming `field`. */
  const membersOf = async (auth: AuthContext, ids: string[], field = 'id'): Promise<MemberRow[]> => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw invalidField(field, 'is required');
    if (unique.length > 1000) throw invalidField(field, 'has more than 1000 ids');
    const rows = await deps.members.inBranchOf(auth, unique);
    if (rows.length !== unique.length) throw notFound('Member', field);
    return rows;
  };

  /** A superior the caller may put members under: itself, or an installer or distributor of its branch. */
  const assertSuperior = async (auth: AuthContext, superiorId: string): Promise<void> => {
    if (superiorId !== auth.userId) await membersOf(auth, [superiorId], 'superiorId');
  };

  /**
   * Who takes over the members of a deleted account (spec section 6): its own superior where it has
   * one, else the caller when the caller is a distributor, else the configured default distributor
   * (for end users, then the default installer); never an account deleted in the same call.
   */
  const successorOf = async (auth: AuthContext, deleted: MemberRow, member: MemberRow, deleting: Set<string>): Promise<string | null> => {
    const fits = (type: AccountType) => superiorTypesOf[member.accountType].includes(type);
    const candidates: (MemberRow | null)[] = [
      deleted.superiorId ? ((await deps.members.inBranchOf(auth, [deleted.superiorId]))[0] ?? (deleted.superiorId === auth.userId ? { id: auth.userId, username: auth.username, accountType: auth.accountType, superiorId: null } : null)) : null,
      auth.accountType === 'distributor' ? { id: auth.userId, username: auth.username, accountType: auth.accountType, superiorId: null } : null,
      deps.defaults.distributor ? await deps.members.byUsername(deps.defaults.distributor) : null,
      deps.defaults.installer ? await deps.members.byUsername(deps.defaults.installer) : null,
    ];
    return candidates.find((candidate) => candidate && !deleting.has(candidate.id) && fits(candidate.accountType))?.id ?? null;
  };

  return {
    resource: memberResource,

    // The Members menu's data rules narrow the list and the export like any list's.
    list: async (auth: AuthContext, query: ListQuery, language: Language) =>
      deps.users.list(auth, query, language, deps.members.listed(auth, await deps.users.dataRules(auth, memberResource.permissions.list))),

    exportSheet: async (auth: AuthContext, query: ListQuery, language: Language, format: ExportFormat) =>
      deps.users.export(auth, query, language, format, { resource: memberResource, where: deps.members.listed(auth, await deps.users.dataRules(auth, memberResource.permissions.list)) }),

    isAvailable: (auth: AuthContext, field: string, value: string, exceptId?: string) => deps.userService.isAvailable(auth, field, value, exceptId),

    /** The account types the caller may create, and the accounts members may go under. */
    async options(auth: AuthContext): Promise<MemberOptions> {
      return { accountTypes: [...creatableTypesOf[auth.accountType]], superiors: await deps.members.superiors(auth) };
    },

    /** Creates an account of a type the caller may create, under the caller or an account of its branch; its role is its type's. */
    async add(auth: AuthContext, input: AddInput): Promise<string> {
      const creatable = creatableTypesOf[auth.accountType];
      if (!creatable.includes(input.accountType)) {
        // 4028 (unsupported account type), on the field, as spec section 8 names it.
        const why = creatable.length > 0 ? `you may create ${creatable.join(', ')}` : 'you may not create accounts';
        throw badRequest(ServerCode.UNSUPPORTED_ACCOUNT_TYPE, `accountType: ${why}`, [{ field: 'accountType', message: why }]);
      }
      const underCaller = superiorTypesOf[input.accountType].includes(auth.accountType);
      const superiorId = input.superiorId ?? (underCaller ? auth.userId : null);
      if (superiorId) await assertSuperior(auth, superiorId);
      // Only administrators create accounts with nobody above them; everyone else's stay in their branch.
      else if (auth.accountType !== 'admin') throw invalidField('superiorId', 'is required');
      const roleId = await deps.roles.idByCode(input.accountType);
      if (!roleId) throw badRequest(ServerCode.INCORRECT_PARAMETER, `The ${input.accountType} role is missing; ask an administrator`, [{ field: 'accountType', message: 'has no role' }]);
      const { confirmpassword: _confirm, ...account } = input;
      return deps.userService.add(auth, { ...account, avatar: null, superiorId, selectedroles: roleId });
    },

    /** Edits a member's own fields; fields left out keep their values (the user form would clear them). */
    async edit(auth: AuthContext, input: EditInput): Promise<void> {
      await membersOf(auth, [input.id]);
      const before = await deps.users.findById(input.id);
      if (!before) throw notFound('Member');
      const current = { realname: before.realname, email: before.email, phone: before.phone, sex: before.sex as 1 | 2 | null, company: before.company, address: before.address, code: before.code, avatar: before.avatar };
      // The hierarchy stays: a move is its own call.
      await deps.userService.edit(auth, { ...current, ...input, superiorId: undefined });
    },

    /** Puts a member under another installer or distributor: the former one no longer sees it nor its stations. Returns the audit note. */
    async move(auth: AuthContext, id: string, superiorId: string): Promise<string> {
      const [member] = await membersOf(auth, [id]);
      await assertSuperior(auth, superiorId);
      await deps.userService.moveUnder(auth, id, superiorId);
      deps.onBranchChanged([member?.superiorId, superiorId].filter((account): account is string => Boolean(account)), [id]);
      return `Moved member ${member?.username} (${id}) from ${member?.superiorId ?? 'none'} to ${superiorId}`;
    },

    /**
     * Deletes members (spec section 6): their stations and devices stay, seen by those above them;
     * the installers and end users of a deleted account go under its successor first (`successorOf`),
     * refused with 4018 when there is none. Sessions end. Returns the audit note.
     */
    async remove(auth: AuthContext, ids: string[]): Promise<string> {
      const deleted = await membersOf(auth, ids, ids.length === 1 ? 'id' : 'ids');
      const deleting = new Set(deleted.map((member) => member.id));
      // Refused before anything moves (the user service refuses it too, but after the hand-on).
      if (deleting.has(auth.userId)) throw forbidden('You cannot delete your own account');
      const handOn: { member: MemberRow; to: string }[] = [];
      for (const member of await deps.members.directlyUnder([...deleting])) {
        if (deleting.has(member.id)) continue;
        const from = deleted.find((account) => account.id === member.superiorId) as MemberRow;
        const to = await successorOf(auth, from, member, deleting);
        if (!to) throw badRequest(ServerCode.DELETION_FAILED, `${from.username} still has members and nobody can take them over: move them first, or set MEMBER_DEFAULT_DISTRIBUTOR`, [{ field: 'ids', message: `${from.username} has members and no successor` }]);
        handOn.push({ member, to });
      }
      // Every successor was found, and is one the caller may put accounts under, before anything changes.
      const successors = [...new Set(handOn.map(({ to }) => to))];
      const reachable = await deps.users.accountTypes(successors, deps.users.scope(auth));
      const unreachable = successors.filter((successor) => !reachable.some((account) => account.id === successor));
      if (unreachable.length > 0) throw badRequest(ServerCode.DELETION_FAILED, `The members of the deleted account(s) cannot go under ${unreachable.join(', ')}, which is outside your tenants: move them first`, [{ field: 'ids', message: 'no reachable successor' }]);
      for (const { member, to } of handOn) await deps.userService.moveUnder(auth, member.id, to);
      await deps.userService.remove(auth, [...deleting]);
      const above = [...deleted.map((account) => account.superiorId), ...successors].filter((account): account is string => Boolean(account) && !deleting.has(account as string));
      deps.onBranchChanged([...new Set(above)], [...deleting, ...handOn.map(({ member }) => member.id)]);
      const moved = handOn.map(({ member, to }) => `${member.username} → ${to}`).join(', ');
      return `Deleted member(s) ${deleted.map((member) => `${member.username} (${member.id})`).join(', ')}${moved ? `; moved ${moved}` : ''}`;
    },

    /** The buttons a member may be granted by checkbox, with what their role gives, what they were granted and what the caller may grant. */
    async permissionsOf(auth: AuthContext, id: string): Promise<MemberPermission[]> {
      await membersOf(auth, [id]);
      const [rows, byRole, granted] = await Promise.all([
        deps.members.buttonRows(memberGrantableCodes),
        deps.users.roleIds(id).then((roleIds) => deps.permissions.codesOfRoles(roleIds)),
        deps.members.grants(id),
      ]);
      const roleCodes = new Set(byRole);
      return rows.map((row) => {
        const codes = splitCodes(row.perms);
        return { id: row.id, code: codes.join(','), name: row.name, byRole: codes.every((code) => roleCodes.has(code)), granted: granted.includes(row.id), grantable: codes.every((code) => auth.permissions.has(code)) };
      });
    },

    /**
     * Sets a member's checkbox grants. Newly granted buttons must be ones the caller holds itself
     * (403 otherwise); the member's next request has them, or no longer has the revoked ones. Returns the audit note.
     */
    async grant(auth: AuthContext, id: string, permissionIds: string[]): Promise<string> {
      const [member] = await membersOf(auth, [id]);
      const wanted = [...new Set(permissionIds)];
      const rows = new Map((await deps.members.buttonRows(memberGrantableCodes)).map((row) => [row.id, row]));
      const unknown = wanted.filter((permissionId) => !rows.has(permissionId));
      if (unknown.length > 0) throw invalidField('permissionIds', `cannot be granted here: ${unknown.join(', ')}`);
      const current = await deps.members.grants(id);
      const added = wanted.filter((permissionId) => !current.includes(permissionId));
      const revoked = current.filter((permissionId) => !wanted.includes(permissionId));
      assertGrantable(auth, added.flatMap((permissionId) => splitCodes(rows.get(permissionId)?.perms)));
      await deps.members.replaceGrants(id, wanted, auth.username);
      deps.onPermissionsChanged([id]);
      const codes = (list: string[]) => list.map((permissionId) => rows.get(permissionId)?.perms ?? permissionId).join(', ') || 'none';
      return `Permissions of member ${member?.username} (${id}): granted ${codes(added)}; revoked ${codes(revoked)}`;
    },
  };
};

export type MemberService = ReturnType<typeof createMemberService>;
