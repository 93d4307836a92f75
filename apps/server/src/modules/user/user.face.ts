import type { Language, ListQuery, Page, UserRecord } from '@cellsight/contract';
import type { AuthContext } from '../../access/auth-context.js';
import type { TenantCaller } from '../../access/tenant-scope.js';
import type { ExportFormat } from '../../kit/spreadsheet.js';
import type { DictService } from '../dict/dict.service.js';
import type { UserCondition, UserRepository } from './user.repository.js';
import { type UserService, assertAdministers, exportUsers, listUsers, usersDataRules } from './user.service.js';

/**
 * The user module's face: what other modules do with accounts (sign-in and self-service, members,
 * departments, roles, tenants, the address book). The door builds it once, as `app.userAccounts`;
 * the module's repository stays its own.
 */
export const createUserAccounts = (repository: UserRepository, dicts: DictService, screen: UserService) => {
  const { findById, findByUsername, findByContact, findInviter, findInfo, departsOf, accountTypes, roleIds, idsSeenBy, isTaken, insert, update, replaceRoles, replaceTenants, scope, transaction } = repository;
  return {
    findById,
    findByUsername,
    findByContact,
    findInviter,
    findInfo,
    departsOf,
    accountTypes,
    roleIds,
    idsSeenBy,
    isTaken,
    insert,
    update,
    replaceRoles,
    replaceTenants,
    /** Users who belong to one of the caller's tenants: the scope of every user read and write. */
    scope,
    transaction,
    /** A page of users the caller may see, with the list contract and dictionary texts; `where` narrows it (a role's, a department's). */
    list: (auth: TenantCaller, query: ListQuery, language: Language, where?: UserCondition): Promise<Page<UserRecord>> => listUsers(repository, dicts, auth, query, language, where),
    /** The users of `list` as a spreadsheet of `options.resource`'s sheet. */
    export: (auth: TenantCaller, query: ListQuery, language: Language, format: ExportFormat, options: Parameters<typeof exportUsers>[6]) => exportUsers(repository, dicts, auth, query, language, format, options),
    /** Refuses a change of accounts that also belong to another tenant, unless the caller is a platform administrator. */
    assertAdministers: (auth: AuthContext, ids: string[]) => assertAdministers(repository, auth, ids),
    /** The data rules on a users list (the Users screen's, or another list of users such as Members). */
    dataRules: usersDataRules,
    /** The Users screen's own calls (add, edit, delete, freeze…), which the Members screen runs underneath. */
    screen,
  };
};

export type UserAccounts = ReturnType<typeof createUserAccounts>;
