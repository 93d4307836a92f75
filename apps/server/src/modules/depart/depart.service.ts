import {
  type DepartIdNode,
  type DepartTreeNode,
  OrgCategory,
  ServerCode,
  type departResource,
} from '@cellsight/contract';
import type { z } from 'zod';
import { badRequest, invalidField, notFound } from '../../lib/errors.js';
import { newId, uniqueIds } from '../../lib/ids.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DictService } from '../dict/dict.service.js';
import type { TenantMembershipRepository } from '../../access/tenant-membership.repository.js';
import { type DepartRepository, buildForest, toTreeNode } from './depart.repository.js';
import { departsSeenBy } from '../../access/depart-scope.js';
import { nextOrgCode } from '../../lib/org-code.js';


type DepartAdd = z.output<typeof departResource.add>;
type DepartEdit = z.output<typeof departResource.edit>;

/** Longest org code the column holds (64): 21 levels of three characters. */
const orgCodeMax = 64;
/** Tries of the next free org code when other adds take the computed ones first. */
const codeAttempts = 10;


interface Dependencies {
  departs: DepartRepository;
  tenants: TenantMembershipRepository;
  dicts: DictService;
  /** Told which users' departments changed (their consoles refresh their record). */
  onUsersChanged: (userIds: string[]) => void;
}

/**
 * Departments: the tree, add with a generated org code, edit (the parent stays), delete of
 * departments without children (the users of a department are the user module's). Each tenant has its own tree: every
 * call keeps to the caller's tenants' departments (another tenant's is "not found"), a root joins the
 * caller's working tenant and a child its parent's; their users are only those the caller may see
 * (the Users screen's tenant rule).
 */
export const createDepartService = (deps: Dependencies) => {
  const departOrNotFound = async (auth: AuthContext, id: string, field?: string) => {
    const depart = await deps.departs.byId(id, departsSeenBy(auth));
    if (!depart) throw notFound('Department', field);
    return depart;
  };

  const tell = (userIds: string[]) => {
    if (userIds.length > 0) deps.onUsersChanged(userIds);
  };

  return {
    tree: (auth: AuthContext): Promise<DepartTreeNode[]> => deps.departs.tree(departsSeenBy(auth)),

    /** Departments whose name holds the keyword, as flat tree nodes; no keyword: the roots. */
    async search(auth: AuthContext, keyword: string | undefined): Promise<DepartTreeNode[]> {
      if (!keyword) return (await deps.departs.tree(departsSeenBy(auth))).map((node) => ({ ...node, children: [] }));
      return (await deps.departs.search(keyword, departsSeenBy(auth))).map(toTreeNode);
    },

    /** One level of the tree: the children of `parentId` (the roots without one), each saying whether it has children of its own. */
    async treeLevel(auth: AuthContext, parentId: string | undefined): Promise<DepartTreeNode[]> {
      const forest = await deps.departs.tree(departsSeenBy(auth));
      const find = (nodes: DepartTreeNode[]): DepartTreeNode | undefined => {
        for (const node of nodes) {
          const found = node.id === parentId ? node : find(node.children);
          if (found) return found;
        }
        return undefined;
      };
      const level = parentId ? (find(forest)?.children ?? []) : forest;
      return level.map((node) => ({ ...node, children: [] }));
    },

    async idTree(auth: AuthContext): Promise<DepartIdNode[]> {
      return buildForest(await deps.departs.all(departsSeenBy(auth)), (row): DepartIdNode => ({ key: row.id, value: row.id, title: row.departName, children: [] }));
    },

    /** Adds a department below `parentId` (a root without: in the caller's working tenant), with the next free org code of that level. */
    async add(auth: AuthContext, input: DepartAdd): Promise<string> {
      const parentId = input.parentId ?? null;
      const parent = parentId === null ? null : await deps.departs.byId(parentId, departsSeenBy(auth));
      if (parentId !== null && !parent) throw invalidField('parentId', 'does not exist');
      const tenantId = parent?.tenantId ?? (await deps.tenants.workingTenantOf(auth));
      if (tenantId === null) throw invalidField('tenant-id', 'you belong to no tenant to add a department to');
      const parentCode = parent?.orgCode ?? '';
      if (parentCode.length + 3 > orgCodeMax) throw invalidField('parentId', `is too deep: departments nest at most ${Math.floor(orgCodeMax / 3)} levels`);
      const id = newId();
      const taken = await deps.departs.siblingCodes(parentId);
      for (let attempt = 0; attempt < codeAttempts; attempt += 1) {
        const orgCode = nextOrgCode(parentCode, taken);
        if (orgCode === null) throw invalidField('parentId', 'has no org code left for another child');
        const stored = await deps.departs.insertIfCodeFree({
          ...input,
          id,
          parentId,
          orgCode,
          orgCategory: input.orgCategory ?? (parent ? OrgCategory.Department : OrgCategory.Company),
          tenantId,
          createBy: auth.username,
        });
        if (stored) return id;
        taken.push(orgCode);
      }
      throw badRequest(ServerCode.OPERATION_FAILED, 'Too many departments are being added at once; please try again');
    },

    /** Edits a department; its parent (and so its org code) stays: moving is not offered. */
    async edit(auth: AuthContext, input: DepartEdit): Promise<void> {
      const { id, parentId, ...changes } = input;
      const depart = await departOrNotFound(auth, id);
      if (parentId !== undefined && parentId !== depart.parentId) throw invalidField('parentId', 'cannot be changed: add the department under its new parent instead');
      await deps.departs.update(id, { ...changes, updateBy: auth.username, updateTime: new Date() }, departsSeenBy(auth));
    },

    /** Deletes departments that have no children (other than ones deleted with them); their user links go too. */
    async remove(auth: AuthContext, ids: string[], field: 'id' | 'ids'): Promise<void> {
      const removed = await deps.departs.remove(uniqueIds(ids), departsSeenBy(auth));
      if (removed.blockedBy) throw invalidField(field, `the department ${removed.blockedBy.departName} still has sub-departments; delete them first`);
      if (removed.ids.length === 0) throw notFound('Department');
      tell(removed.userIds);
    },
  };
};

export type DepartService = ReturnType<typeof createDepartService>;
