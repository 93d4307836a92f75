import { type Page, type UserRecord } from '@cellsight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UserListQuery } from '../lib/user-list-query';
import { userKeys } from './user-keys';

export const fetchUserList = async (query: UserListQuery): Promise<Page<UserRecord>> =>
  (await api.get<Page<UserRecord>>('/sys/user/list', query)).result;

/** One page of users; the previous page stays on screen while the next one loads. */
export const useUserList = (query: UserListQuery) =>
  useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => fetchUserList(query),
    placeholderData: keepPreviousData,
  });
