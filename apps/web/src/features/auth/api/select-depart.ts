import { type UserInfo, authEndpoints } from '@cellsight/contract';
import { api } from '@/lib/api-client';

/** POST /sys/selectDepart: the department a user with several works in for this session. */
export const selectDepart = async (body: { orgCode: string; username?: string }): Promise<UserInfo> =>
  (await api.call(authEndpoints.selectDepart, { body })).result.userInfo;
