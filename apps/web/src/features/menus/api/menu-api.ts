import { type Envelope, type MenuAddRequest, type MenuEditRequest, menuEndpoints } from '@cellsight/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const path = '/sys/permission';

/** Query keys of the menus feature; mutations invalidate through these. */
export const menuKeys = {
  all: [path] as const,
  list: (name: string) => [...menuKeys.all, 'list', name] as const,
};

/** The whole menu tree, or (with a name) the matching rows flat. */
export const useMenuList = (name: string) =>
  useQuery({
    queryKey: menuKeys.list(name),
    queryFn: async () => (await api.call(menuEndpoints.list, { query: { name } })).result,
  });

/** Add, edit and delete, each reloading the tree when it succeeded. */
export const useMenuMutations = () => {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: menuKeys.all });
  const useCall = <Input,>(call: (input: Input) => Promise<Envelope<unknown>>) => useMutation({ mutationFn: call, onSuccess: refresh });
  return {
    add: useCall((body: MenuAddRequest) => api.call(menuEndpoints.add, { body })),
    edit: useCall((body: MenuEditRequest) => api.call(menuEndpoints.edit, { body })),
    remove: useCall((id: string) => api.call(menuEndpoints.delete, { query: { id } })),
  };
};
