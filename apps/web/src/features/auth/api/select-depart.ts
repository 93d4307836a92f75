import type { UserInfo } from '@cellsight/contract';
import { api } from '@/lib/api-client';

/** POST /sys/selectDepart: the department a user with several works in for this session. */
export const selectDepart = async (body: { orgCode: string; username?: string }): Promise<UserInfo> =>
  (await api.post<{ userInfo: UserInfo }>('/sys/selectDepart', body)).result.userInfo;
