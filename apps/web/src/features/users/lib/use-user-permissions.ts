import { Permission } from '@cellsight/contract';
import { useHasPermission } from '@/lib/permissions';

/** Which Users-screen buttons to show. Display only: the server enforces every code itself. */
export const useUserPermissions = () => ({
  add: useHasPermission(Permission.UserAdd),
  edit: useHasPermission(Permission.UserEdit),
  remove: useHasPermission(Permission.UserDelete),
  freeze: useHasPermission(Permission.UserFreeze),
  resetPassword: useHasPermission(Permission.UserResetPassword),
  recycleBin: useHasPermission(Permission.UserRecycleBin),
  export: useHasPermission(Permission.UserExport),
});

export type UserPermissions = ReturnType<typeof useUserPermissions>;
