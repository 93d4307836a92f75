/**
 * Permission codes. A code is a button row (`menu_type` 2) in the permission tree; roles are
 * granted rows, and the server requires a code on every protected route (deny by default).
 * The client's `hasPermission` checks are for display only.
 */
export const Permission = {
  UserList: 'system:user:list',
  UserAdd: 'system:user:add',
  UserEdit: 'system:user:edit',
  UserDelete: 'system:user:delete',
  UserFreeze: 'system:user:frozen',
  UserResetPassword: 'system:user:changePassword',
  UserRecycleBin: 'system:user:recycleBin',
  UserExport: 'system:user:export',
  LoggerList: 'device:logger:list',
  LoggerRegister: 'device:logger:register',
  CommandSend: 'device:command:send',
  CommandList: 'device:command:list',
  IngestStats: 'device:ingest:stats',
} as const;

export type PermissionCode = (typeof Permission)[keyof typeof Permission];
export const permissionCodes: readonly string[] = Object.values(Permission);

/** Menu row kinds (`sys_permission.menu_type`). */
export const MenuType = { FirstLevel: 0, SubMenu: 1, Button: 2 } as const;

/** Built-in role codes (spec section 6). */
export const RoleCode = {
  Admin: 'admin',
  Distributor: 'distributor',
  Installer: 'installer',
  EndUser: 'end_user',
  Demo: 'demo',
} as const;
export type RoleCodeValue = (typeof RoleCode)[keyof typeof RoleCode];

/**
 * Web components a menu row may name (`sys_permission.component`). The web app maps each to a
 * lazily loaded screen (`app/console/page-registry.ts`).
 */
export const MenuComponent = {
  RouteView: 'layouts/RouteView',
  UserList: 'system/UserList',
  LoggerList: 'collector/index',
} as const;
export type MenuComponentValue = (typeof MenuComponent)[keyof typeof MenuComponent];
