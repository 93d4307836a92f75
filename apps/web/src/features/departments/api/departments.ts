import { type DepartTreeNode, type Page, type UserRecord, departResource } from '@cellsight/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type Query = Record<string, string | number | undefined>;

/**
 * Everything of this screen is kept under the department resource's path: the kit's add, edit and
 * delete refresh it all (and the department pickers) with one invalidation.
 */
export const departKeys = {
  all: [departResource.path] as const,
  tree: () => [departResource.path, 'tree'] as const,
  search: (keyWord: string) => [departResource.path, 'search', keyWord] as const,
  users: (departId: string, query: Query) => [departResource.path, 'users', departId, query] as const,
};

/** The whole department tree. */
export const useDepartTree = () =>
  useQuery({
    queryKey: departKeys.tree(),
    queryFn: async () => (await api.get<DepartTreeNode[]>(`${departResource.path}/queryTreeList`)).result,
  });

/** Departments whose name holds the keyword, flat; idle without a keyword. */
export const useDepartSearch = (keyWord: string) =>
  useQuery({
    queryKey: departKeys.search(keyWord),
    queryFn: async () => (await api.get<DepartTreeNode[]>(`${departResource.path}/searchBy`, { keyWord })).result,
    enabled: keyWord !== '',
  });

/** One page of a department's users (the list contract). */
export const useDepartUsers = (departId: string, query: Query) =>
  useQuery({
    queryKey: departKeys.users(departId, query),
    queryFn: async () => (await api.get<Page<UserRecord>>('/sys/user/departUserList', { ...query, depId: departId })).result,
    placeholderData: keepPreviousData,
  });

/** Puts users into a department and takes them out; the lists and the user picker refresh. */
export const useDepartUserMutations = (departId: string) => {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: departKeys.all }), queryClient.invalidateQueries({ queryKey: ['/sys/user/queryUserByDepId'] })]);
  };
  return {
    add: useMutation({
      mutationFn: (userIds: string[]) => api.post<null>('/sys/user/editSysDepartWithUser', { depId: departId, userIdList: userIds }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (userIds: string[]) => api.delete<null>('/sys/user/deleteUserInDepartBatch', { depId: departId, userIds: userIds.join(',') }),
      onSuccess: refresh,
    }),
  };
};
