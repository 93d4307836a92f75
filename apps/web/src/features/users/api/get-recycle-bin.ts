import { type UserRecord, userEndpoints } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

export const fetchRecycleBin = async (): Promise<UserRecord[]> => (await api.call(userEndpoints.recycleBin)).result;

/** Deleted users; only fetched while the recycle bin is open. */
export const useRecycleBin = (enabled: boolean) =>
  useQuery({ queryKey: userKeys.recycleBin(), queryFn: fetchRecycleBin, enabled });
