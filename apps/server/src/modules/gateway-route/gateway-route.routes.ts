import { Permission, gatewayRouteEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import type { GatewayRouteService } from './gateway-route.service.js';

/** Gateway routes (administrators): the kit's calls with secret headers masked, and a test call. */
const routes: FastifyPluginAsyncZod<{ service: GatewayRouteService }> = async (app, { service }) => {
  resourceRoutes(app, service, ['gateway routes'], { records: 'none' });

  endpointRoute(
    app,
    gatewayRouteEndpoints.test,
    {
      access: { permission: Permission.GatewayRouteTest },
      tenancy: 'platform', scope: 'none',
      tags: ['gateway routes'],
      summary: 'Call a route once with its method, headers and timeout: status, duration and the first bytes of the body (redirects reported, never followed)',
    },
    async (request) => ok(await service.test(request.body.id)),
  );
};

export default routes;
