import { type RoleOption } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

export const fetchRoles = async (): Promise<RoleOption[]> => (await api.get<RoleOption[]>('/sys/role/queryall')).result;

/** Every role, for the role picker of the user form. */
export const useRoles = (enabled: boolean) =>
  useQuery({ queryKey: userKeys.roles(), queryFn: fetchRoles, enabled, staleTime: 60_000 });
