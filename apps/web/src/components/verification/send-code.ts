import type { SendCodeRequest } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// On the sign-in page's path, which loads no schema (docs/performance.md): the path is written here, the type is the contract's.

/** POST /sys/sms: a code by SMS (mobile) or mail (email); resolves to how long before another may be asked for. */
export const useSendCode = () =>
  useMutation({ mutationFn: async (body: SendCodeRequest) => (await api.post<{ resendAfterMs: number }>('/sys/sms', body)).result });
