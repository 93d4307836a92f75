import { logEndpoints } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /sys/loginfo: sign-ins in total, today's and today's distinct addresses (UTC days). */
export const useLogInfo = () =>
  useQuery({
    queryKey: ['/sys/loginfo'],
    queryFn: async () => (await api.call(logEndpoints.logInfo)).result,
  });
