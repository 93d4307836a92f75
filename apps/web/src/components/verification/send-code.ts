import { type SendCodeRequest, selfServiceEndpoints } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /sys/sms: a code by SMS (mobile) or mail (email); resolves to how long before another may be asked for. */
export const useSendCode = () =>
  useMutation({ mutationFn: async (body: SendCodeRequest) => (await api.call(selfServiceEndpoints.sendCode, { body })).result });
