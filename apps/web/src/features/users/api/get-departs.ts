import type { DepartTreeNode } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** The department tree, for the department picker of the user form. */
export const useDepartTree = (enabled: boolean) =>
  useQuery({
    queryKey: userKeys.departs(),
    queryFn: async (): Promise<DepartTreeNode[]> => (await api.get<DepartTreeNode[]>('/sys/sysDepart/queryTreeList')).result,
    enabled,
    staleTime: 60_000,
  });

/** Department ids of one user, to preload the edit form; disabled while adding. */
export const useUserDeparts = (userId: string | undefined) =>
  useQuery({
    queryKey: userKeys.userDeparts(userId ?? ''),
    queryFn: async (): Promise<string[]> => (await api.get<{ key: string; title: string }[]>('/sys/user/userDepartList', { userId: userId ?? '' })).result.map((d) => d.key),
    enabled: userId !== undefined,
    // Always reload: another administrator may have changed them since.
    staleTime: 0,
    gcTime: 0,
  });
