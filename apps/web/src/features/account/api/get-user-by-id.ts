import { type UserInfo, userEndpoints } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

export const fetchUserById = async (id: string): Promise<UserInfo> => (await api.call(userEndpoints.queryById, { query: { id } })).result;

/** The signed-in user's own record, for the profile form. */
export const useProfile = (userId: string | undefined) =>
  useQuery({
    queryKey: accountKeys.profile(userId ?? ''),
    queryFn: () => fetchUserById(userId ?? ''),
    enabled: userId !== undefined,
  });
