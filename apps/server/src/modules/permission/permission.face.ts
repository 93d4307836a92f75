import type { PermissionRepository } from './permission.repository.js';

/**
 * The permission module's face: what a user, a role or a set of menu rows grants (the sign-in's
 * menu and codes, the check that no one hands out more than they hold, the rows a grant may name). The door builds it
 * once, as `app.permissionGrants`; the module's repository stays its own.
 */
export const createPermissionGrants = (repository: PermissionRepository) => {
  const { rowsForUser, allButtons, codesOfRows, codesOfRoles, roleCodesForUser, treeRows, existingRows } = repository;
  return { rowsForUser, allButtons, codesOfRows, codesOfRoles, roleCodesForUser, treeRows, existingRows };
};

export type PermissionGrants = ReturnType<typeof createPermissionGrants>;
