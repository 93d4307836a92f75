import type { UserPermissions } from '@cellsight/contract';
import { createContext, useContext } from 'react';

/** The permissions loaded for this session by the route guard; the console shell reads them. */
export const UserPermissionsContext = createContext<UserPermissions | null>(null);

export const useLoadedPermissions = (): UserPermissions => {
  const permissions = useContext(UserPermissionsContext);
  if (!permissions) throw new Error('useLoadedPermissions is used outside the route guard');
  return permissions;
};
