import { z } from 'zod';
import { userPermissionsSchema } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { fields, optionalText } from './fields.js';
import { MenuType } from './permissions.js';
import { type Words, auditFields, auditLabels, resourceIdQuerySchema, resourceIdsQuerySchema } from './resource.js';
import { text } from './text.js';

/**
 * The Menus and permissions screen (`/sys/permission`): the `sys_permission` tree of first-level
 * menus, sub-menus and button permissions. Not a paged resource: `list` answers the whole tree.
 */
export type MenuTypeValue = (typeof MenuType)[keyof typeof MenuType];
export const menuTypeSchema = z.union([z.literal(MenuType.FirstLevel), z.literal(MenuType.SubMenu), z.literal(MenuType.Button)], {
  error: 'must be 0 (first-level menu), 1 (sub-menu) or 2 (button)',
});

/** One row as JeecgBoot's SysPermissionTree carries it: the entity, `key`/`title` for tree widgets, `leaf`/`isLeaf`. */
export const menuRecordSchema = z.object({
  id: text(),
  /** The id again, for tree widgets. */
  key: text(),
  /** The name again, for tree widgets. */
  title: text(),
  parentId: text().nullable(),
  name: text(),
  url: text().nullable(),
  component: text().nullable(),
  componentName: text().nullable(),
  redirect: text().nullable(),
  menuType: menuTypeSchema,
  menuType_dictText: text().nullable(),
  perms: text().nullable(),
  /** '1' show, '2' disable (dictionary `perms_type`). */
  permsType: text(),
  sortNo: z.number(),
  alwaysShow: z.boolean(),
  icon: text().nullable(),
  /** Registered as a route (`is_route`). */
  route: z.boolean(),
  /** No menu children (buttons do not count): the row cannot be expanded in the side menu. */
  leaf: z.boolean(),
  isLeaf: z.boolean(),
  keepAlive: z.boolean(),
  hidden: z.boolean(),
  internalOrExternal: z.boolean(),
  /** '1' effective, '0' ineffective (dictionary `valid_status`; buttons). */
  status: text(),
  delFlag: z.number().int(),
  ...auditFields,
});
export type MenuRecord = z.infer<typeof menuRecordSchema>;

/** A row of `GET /sys/permission/list` with its children (present only when it has some). */
export interface MenuTreeNode extends MenuRecord {
  children?: MenuTreeNode[];
}
export const menuTreeNodeSchema: z.ZodType<MenuTreeNode> = z.lazy(() => menuRecordSchema.extend({ children: z.array(menuTreeNodeSchema).optional() }));

const maxLength = (max: number) => `must be at most ${max} characters`;
/** An optional text of at most `max` characters; an empty one clears the field. */
const optionalUpTo = (max: number) => optionalText(text().trim().max(max, maxLength(max)));

/**
 * Fields a row must have because of its kind: a button its permission code, a sub-menu or button
 * its parent. A button without a parent (an API permission, seeded at the root) may stay one.
 */
const requiredByType = {
  perms: [MenuType.Button],
  parentId: [MenuType.SubMenu, MenuType.Button],
} as const satisfies Record<string, readonly MenuTypeValue[]>;
export type MenuFieldRequiredByType = keyof typeof requiredByType;

export const isMenuFieldRequired = (field: MenuFieldRequiredByType, menuType: number | undefined, stored?: { menuType: number; parentId: string | null }): boolean => {
  if (!(requiredByType[field] as readonly number[]).includes(menuType ?? -1)) return false;
  const rootButton = field === 'parentId' && menuType === MenuType.Button && stored?.menuType === MenuType.Button && !stored.parentId;
  return !rootButton;
};

const menuFields = z.object({
  name: text({ error: 'is required' }).trim().min(1, 'is required').max(100, maxLength(100)),
  menuType: menuTypeSchema,
  /** The parent row; ignored (null) for a first-level menu. It must exist and be a menu. */
  parentId: optionalText(fields.id),
  /** The route path; a leading '/' is added unless it is an http(s) address or a `{{…}}` template. */
  url: optionalUpTo(255),
  /**
   * The web component: any text is stored (as JeecgBoot does); the console renders the contract's
   * `MenuComponent` values and shows a placeholder for others. A leading '/', 'views/',
   * 'src/views/' and a trailing '.vue' are stripped; a first-level menu without one is a group.
   */
  component: optionalUpTo(255),
  componentName: optionalUpTo(100),
  redirect: optionalUpTo(255),
  icon: optionalUpTo(100),
  /** The button's permission code(s), comma-joined; required for buttons. */
  perms: optionalUpTo(255),
  permsType: z.enum(['1', '2'], { error: "must be '1' (show) or '2' (disable)" }).optional(),
  status: z.enum(['0', '1'], { error: "must be '1' (effective) or '0' (ineffective)" }).optional(),
  sortNo: z.number({ error: 'must be a number' }).min(-1_000_000, 'must be at least -1000000').max(1_000_000, 'must be at most 1000000').nullable().optional(),
  alwaysShow: z.boolean({ error: 'must be true or false' }).optional(),
  route: z.boolean({ error: 'must be true or false' }).optional(),
  keepAlive: z.boolean({ error: 'must be true or false' }).optional(),
  hidden: z.boolean({ error: 'must be true or false' }).optional(),
  internalOrExternal: z.boolean({ error: 'must be true or false' }).optional(),
});

export const menuAddSchema = menuFields.superRefine((row, context) => {
  for (const field of Object.keys(requiredByType) as MenuFieldRequiredByType[]) {
    if (isMenuFieldRequired(field, row.menuType) && !row[field]) context.addIssue({ code: 'custom', path: [field], message: 'is required' });
  }
});
export type MenuAddRequest = z.input<typeof menuAddSchema>;

/** An edit: the fields given change; the kind's required fields are checked on the row as it will be. */
export const menuEditSchema = menuFields.partial().extend({ id: fields.id });
export type MenuEditRequest = z.input<typeof menuEditSchema>;

/** `GET /sys/permission/list`: with `name` (part of it, any case) the matching rows come flat. */
export const menuListQuerySchema = z.object({ name: text().trim().max(100, maxLength(100)).optional() });
export const menuSubmenuQuerySchema = z.object({ parentId: fields.id });
/** `getSystemSubmenuBatch`: several parents, comma-joined. */
export const menuSubmenuBatchQuerySchema = z.object({ parentIds: fields.idList.min(1, 'is required') });

/** The Menus and permissions screen's calls, and the signed-in user's own menu. */
export const menuEndpoints = {
  /** The signed-in user's menu tree and permission codes. */
  userPermissions: defineEndpoint({ method: 'GET', path: '/sys/permission/getUserPermissionByToken', result: userPermissionsSchema }),
  /** The whole menu tree (not paged); with `name`, the matching rows flat. */
  list: defineEndpoint({ method: 'GET', path: '/sys/permission/list', query: menuListQuerySchema, result: z.array(menuTreeNodeSchema) }),
  firstLevel: defineEndpoint({ method: 'GET', path: '/sys/permission/getSystemMenuList', result: z.array(menuRecordSchema) }),
  /** The rows directly under a menu. */
  submenu: defineEndpoint({ method: 'GET', path: '/sys/permission/getSystemSubmenu', query: menuSubmenuQuerySchema, result: z.array(menuRecordSchema) }),
  /** The rows directly under each of several menus, by parent id. */
  submenuBatch: defineEndpoint({ method: 'GET', path: '/sys/permission/getSystemSubmenuBatch', query: menuSubmenuBatchQuerySchema, result: z.record(text(), z.array(menuRecordSchema)) }),
  add: defineEndpoint({ method: 'POST', path: '/sys/permission/add', body: menuAddSchema, result: null }),
  edit: defineEndpoint({ method: ['PUT', 'POST'], path: '/sys/permission/edit', body: menuEditSchema, result: null }),
  /** Deletes a row, every row below it and their role grants. */
  delete: defineEndpoint({ method: 'DELETE', path: '/sys/permission/delete', query: resourceIdQuerySchema, result: null }),
  /** Deletes several rows (ids comma-joined) with every row below them. */
  deleteBatch: defineEndpoint({ method: 'DELETE', path: '/sys/permission/deleteBatch', query: resourceIdsQuerySchema, result: null }),
};

export const menuTitle: Words = ['Menus and permissions', '菜单管理', 'Menüs und Rechte'];

export const menuLabels = {
  name: ['Name', '菜单名称', 'Name'],
  menuType: ['Type', '菜单类型', 'Typ'],
  parentId: ['Parent menu', '上级菜单', 'Übergeordnetes Menü'],
  url: ['Path', '访问路径', 'Pfad'],
  component: ['Component', '前端组件', 'Komponente'],
  componentName: ['Component name', '组件名称', 'Komponentenname'],
  redirect: ['Redirect', '默认跳转地址', 'Weiterleitung'],
  icon: ['Icon', '菜单图标', 'Symbol'],
  sortNo: ['Order', '排序', 'Reihenfolge'],
  perms: ['Permission code', '授权标识', 'Berechtigungscode'],
  permsType: ['Permission kind', '授权策略', 'Berechtigungsart'],
  status: ['Status', '状态', 'Status'],
  hidden: ['Hidden', '隐藏路由', 'Ausgeblendet'],
  keepAlive: ['Keep alive', '缓存路由', 'Zwischenspeichern'],
  alwaysShow: ['Always show', '聚合路由', 'Immer anzeigen'],
  route: ['Is a route', '是否路由菜单', 'Ist eine Route'],
  internalOrExternal: ['Open externally', '打开方式：外部', 'Extern öffnen'],
  ...auditLabels,
} as const satisfies { [Field in keyof MenuRecord]?: Words };

/** A menu route's name from its url, as the server names routes and the web keys their titles: `/system/position` → `system-position`. */
export const routeNameOfUrl = (url: string): string => url.replace(/^\//, '').replaceAll('/', '-').replaceAll(':', '@');
