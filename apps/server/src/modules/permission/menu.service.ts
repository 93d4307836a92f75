import { type MenuFieldRequiredByType, type MenuRecord, type MenuTreeNode, MenuComponent, MenuType, ServerCode, isMenuFieldRequired, type menuAddSchema, type menuEditSchema } from '@cellsight/contract';
import type { z } from 'zod';
import type { Availability } from '../../kit/envelope.js';
import { invalidField, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { assertGrantable } from './permission-grants.js';
import type { AuthContext } from '../../access/auth-context.js';
import { buildMenuList, tidyComponent, tidyUrl, toMenuRecord, withDescendants } from './menu-list.js';
import type { MenuStore, PermissionRepository, PermissionRow } from './permission.repository.js';
import { splitCodes } from '../../access/granted-permissions.js';

type MenuAdd = z.output<typeof menuAddSchema>;
type MenuEdit = z.output<typeof menuEditSchema>;
type MenuTypeText = (menuType: number) => string | null;

export interface MenuServiceDependencies {
  permissions: PermissionRepository;
  /** Told after the tree changed: open consoles reload their menus and buttons. */
  changed: () => void;
}

/** The columns an add or edit writes; fields not given stay undefined (not written). */
const columnsOf = (input: Partial<MenuAdd>) => ({
  name: input.name,
  menuType: input.menuType,
  url: typeof input.url === 'string' ? tidyUrl(input.url) : input.url,
  component: typeof input.component === 'string' ? tidyComponent(input.component) : input.component,
  componentName: input.componentName,
  redirect: input.redirect,
  icon: input.icon,
  perms: input.perms,
  permsType: input.permsType,
  status: input.status,
  sortNo: input.sortNo === null ? 0 : input.sortNo,
  alwaysShow: input.alwaysShow,
  isRoute: input.route,
  keepAlive: input.keepAlive,
  hidden: input.hidden,
  internalOrExternal: input.internalOrExternal,
});

/** A first-level menu without a component is a group of its sub-menus. */
const componentFor = (menuType: number, component: string | null | undefined): string | null =>
  component || (menuType === MenuType.FirstLevel ? MenuComponent.RouteView : null);

/** A parent must exist and be a menu: buttons hold no rows. */
const assertParent = async (menus: MenuStore, parentId: string): Promise<void> => {
  const parent = await menus.byId(parentId);
  if (!parent) throw invalidField('parentId', 'does not exist');
  if (parent.menuType === MenuType.Button) throw invalidField('parentId', 'must be a menu, not a button');
};

const assertRequired = (row: Pick<PermissionRow, 'menuType' | MenuFieldRequiredByType>, stored?: PermissionRow): void => {
  for (const field of ['parentId', 'perms'] as const) {
    if (isMenuFieldRequired(field, row.menuType, stored) && !row[field]) throw invalidField(field, 'is required');
  }
};

/**
 * A button's permission codes are its own: the codes of `perms` (comma-joined, each trimmed) that
 * another button already carries. One rule for the add, the edit and the menu form's duplicate check.
 * Only buttons count, on either side, since only a button's code grants anything (a menu's `perms`
 * is inert, and the form offers the field for buttons only); a row that is a button keeps the codes
 * it already carries, so a row stays editable as it is.
 */
const takenCodes = async (menus: Pick<MenuStore, 'buttonPerms'>, perms: string | null | undefined, row?: PermissionRow): Promise<string[]> => {
  const own = new Set(row?.menuType === MenuType.Button ? splitCodes(row.perms) : []);
  const wanted = [...new Set(splitCodes(perms))].filter((code) => !own.has(code));
  if (wanted.length === 0) return [];
  const carried = new Set((await menus.buttonPerms(row?.id)).flatMap(splitCodes));
  return wanted.filter((code) => carried.has(code));
};

/** Refuses a button's codes that another button carries (`takenCodes`), inside the change's transaction. */
const assertCodesFree = async (menus: MenuStore, perms: string | null | undefined, row?: PermissionRow): Promise<void> => {
  await menus.lockButtonCodes();
  const taken = await takenCodes(menus, perms, row);
  if (taken.length > 0) throw invalidField('perms', `another button already has ${taken.join(', ')}`);
};

/**
 * Menu maintenance (reference section 3): the tree, add, edit and a cascading delete, keeping every
 * parent's `is_leaf` right (a leaf has no menu children) in the same transaction as the change.
 */
export const createMenuService = ({ permissions, changed }: MenuServiceDependencies) => {
  const recordsOf = (rows: PermissionRow[], menuTypeText: MenuTypeText): MenuRecord[] => rows.map((row) => toMenuRecord(row, menuTypeText));

  return {
    /** The whole tree; with `name`, the rows whose name contains it (any case), flat, each a leaf. */
    async list(name: string | undefined, menuTypeText: MenuTypeText): Promise<MenuTreeNode[]> {
      const rows = await permissions.all();
      if (!name) return buildMenuList(recordsOf(rows, menuTypeText));
      const wanted = name.toLowerCase();
      const matching = rows.filter((row) => row.name.toLowerCase().includes(wanted));
      return recordsOf(matching, menuTypeText).map((record) => ({ ...record, leaf: true, isLeaf: true }));
    },

    async firstLevel(menuTypeText: MenuTypeText): Promise<MenuRecord[]> {
      return recordsOf(await permissions.children(null, MenuType.FirstLevel), menuTypeText);
    },

    async submenu(parentId: string, menuTypeText: MenuTypeText): Promise<MenuRecord[]> {
      return recordsOf(await permissions.children(parentId), menuTypeText);
    },

    /** The rows directly under each parent, by parent (a parent without rows, or unknown, maps to none). */
    async submenuBatch(parentIds: readonly string[], menuTypeText: MenuTypeText): Promise<Record<string, MenuRecord[]>> {
      const unique = [...new Set(parentIds)];
      const byParent: Record<string, MenuRecord[]> = Object.fromEntries(unique.map((id) => [id, []]));
      for (const record of recordsOf(await permissions.childrenOf(unique), menuTypeText)) if (record.parentId) byParent[record.parentId]?.push(record);
      return byParent;
    },

    async add(auth: AuthContext, input: MenuAdd): Promise<string> {
      const parentId = input.menuType === MenuType.FirstLevel ? null : (input.parentId ?? null);
      const columns = columnsOf(input);
      // A button's code grants what it names to every role holding the row: only codes the caller holds.
      assertGrantable(auth, splitCodes(columns.perms));
      const id = newId();
      await permissions.menuTransaction(async (menus) => {
        if (parentId) await assertParent(menus, parentId);
        if (input.menuType === MenuType.Button) await assertCodesFree(menus, columns.perms);
        await menus.insert({ ...columns, name: input.name, menuType: input.menuType, id, parentId, component: componentFor(input.menuType, columns.component), isLeaf: true, delFlag: 0, createBy: auth.username });
        await menus.refreshLeaf([parentId]);
      });
      changed();
      return id;
    },

    async edit(auth: AuthContext, input: MenuEdit): Promise<void> {
      const { id, ...changes } = input;
      const columns = columnsOf(changes);
      await permissions.menuTransaction(async (menus) => {
        const stored = await menus.byId(id);
        if (!stored) throw notFound('Menu');
        const menuType = changes.menuType ?? stored.menuType;
        const parentId = menuType === MenuType.FirstLevel ? null : changes.parentId === undefined ? stored.parentId : changes.parentId;
        const perms = columns.perms === undefined ? stored.perms : columns.perms;
        assertRequired({ menuType, parentId, perms }, stored);
        assertGrantable(auth, splitCodes(perms).filter((code) => !splitCodes(stored.perms).includes(code)));
        if (parentId && parentId !== stored.parentId) {
          await assertParent(menus, parentId);
          if (withDescendants(await menus.all(), [id]).has(parentId)) throw invalidField('parentId', 'cannot be the row itself or a row below it');
        }
        if (menuType === MenuType.Button && stored.menuType !== MenuType.Button && (await menus.children(id)).length > 0) {
          throw invalidField('menuType', 'a row with rows below it cannot become a button');
        }
        if (menuType === MenuType.Button) await assertCodesFree(menus, perms, stored);
        const component = componentFor(menuType, columns.component === undefined ? stored.component : columns.component);
        await menus.update(id, { ...columns, parentId, component, updateBy: auth.username, updateTime: new Date() });
        // The old parent may have lost its last menu child, the new one gained one, and a row turned button changes its parent's flag.
        await menus.refreshLeaf([stored.parentId, parentId, id]);
      });
      changed();
    },

    /**
     * Whether a button's `perms` is free (the menu form's duplicate check), with `exceptId` the row
     * being edited: free exactly when the add or the edit would take it (`takenCodes`).
     */
    async permsAvailability(perms: string, exceptId?: string): Promise<Availability> {
      const row = exceptId === undefined ? undefined : await permissions.byId(exceptId);
      const taken = await takenCodes(permissions, perms, row);
      return taken.length > 0
        ? { free: false, code: ServerCode.INCORRECT_PARAMETER, message: `Another button already has this permission code: ${taken.join(', ')}` }
        : { free: true, code: ServerCode.OK, message: 'This value is available' };
    },

    /** Deletes the rows, every row below them and their role grants; unknown ids are skipped, none known is a 404. */
    async remove(ids: string[]): Promise<void> {
      await permissions.menuTransaction(async (menus) => {
        const rows = await menus.all();
        const known = rows.filter((row) => ids.includes(row.id));
        if (known.length === 0) throw notFound('Menu');
        const removed = withDescendants(rows, known.map((row) => row.id));
        await menus.remove([...removed]);
        await menus.refreshLeaf(known.map((row) => row.parentId).filter((parentId) => parentId !== null && !removed.has(parentId)));
      });
      changed();
    },
  };
};

export type MenuService = ReturnType<typeof createMenuService>;
