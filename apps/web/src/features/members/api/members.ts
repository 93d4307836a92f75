import { type MemberGrantRequest, type MemberMoveRequest, memberEndpoints, memberResource } from '@cellsight/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '@/kit/resource-page';
import { api } from '@/lib/api-client';

const keys = {
  options: [memberResource.path, 'options'] as const,
  permissions: (id: string) => [memberResource.path, 'permissions', id] as const,
};

/** The account types the user may create, and the accounts members may go under (the user first). */
export const useMemberOptions = (enabled = true) =>
  useQuery({ queryKey: keys.options, queryFn: async () => (await api.call(memberEndpoints.options)).result, enabled, staleTime: 60_000 });

/** Puts a member under another installer or distributor; the lists (and the superiors offered) reload. */
export const useMoveMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberMoveRequest) => api.call(memberEndpoints.move, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(memberResource) }),
  });
};

/** A member's grantable buttons, with what their role gives and what they were granted. */
export const useMemberPermissions = (id: string, enabled: boolean) =>
  useQuery({ queryKey: keys.permissions(id), queryFn: async () => (await api.call(memberEndpoints.permissions, { query: { id } })).result, enabled });

export const useGrantMemberPermissions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberGrantRequest) => api.call(memberEndpoints.grant, { body }),
    onSuccess: (_result, body) => queryClient.invalidateQueries({ queryKey: keys.permissions(body.id) }),
  });
};
