import { departEndpoints, departResource, departUserEndpoints } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Everything of this screen is kept under the department resource's path: the kit's add, edit and
 * delete refresh it all (and the department pickers) with one invalidation.
 */
export const departKeys = {
  tree: () => [departResource.path, 'tree'] as const,
  search: (keyWord: string) => [departResource.path, 'search', keyWord] as const,
};

/** The whole department tree. */
export const useDepartTree = () =>
  useQuery({
    queryKey: departKeys.tree(),
    queryFn: async () => (await api.call(departEndpoints.tree)).result,
  });

/** Departments whose name holds the keyword, flat; idle without a keyword. */
export const useDepartSearch = (keyWord: string) =>
  useQuery({
    queryKey: departKeys.search(keyWord),
    queryFn: async () => (await api.call(departEndpoints.search, { query: { keyWord } })).result,
    enabled: keyWord !== '',
  });

/** Puts users into a department and takes them out (the members panel refreshes the lists). */
export const departUserCalls = (departId: string) => ({
  add: (userIds: string[]) => api.call(departUserEndpoints.add, { body: { depId: departId, userIdList: userIds } }),
  remove: (userIds: string[]) => api.call(departUserEndpoints.remove, { query: { depId: departId, userIds: userIds.join(',') } }),
});
