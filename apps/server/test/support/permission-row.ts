import type { PermissionRow } from '../../src/modules/permission/permission.repository.js';

/** A sys_permission row with the table's defaults; a test gives what it is about. */
export const permissionRow = (values: Partial<PermissionRow> & Pick<PermissionRow, 'id' | 'name' | 'menuType'>): PermissionRow => ({
  parentId: null,
  url: null,
  component: null,
  componentName: null,
  redirect: null,
  perms: null,
  permsType: '1',
  sortNo: 0,
  alwaysShow: false,
  icon: null,
  isRoute: true,
  isLeaf: true,
  keepAlive: false,
  hidden: false,
  internalOrExternal: false,
  status: '1',
  delFlag: 0,
  createBy: null,
  createTime: new Date(0),
  updateBy: null,
  updateTime: null,
  ...values,
});
