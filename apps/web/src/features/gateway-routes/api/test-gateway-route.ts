import { gatewayRouteEndpoints } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /sys/gatewayRoute/test: the server calls the route once and answers what came back. */
export const useTestGatewayRoute = () =>
  useMutation({ mutationFn: async (id: string) => (await api.call(gatewayRouteEndpoints.test, { body: { id } })).result });
