import { Permission, gatewayRouteResource, gatewayRouteTestResultSchema, gatewayRouteTestSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTableRepository } from '../../kit/table-repository.js';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { createResourceService } from '../../kit/resource-service.js';
import { route } from '../../kit/route.js';
import { outboundHttpOf } from '../../lib/outbound-http.js';
import { createSecretBox, secretKeyOf } from '../../lib/secret-box.js';
import { createGatewayRouteRepository } from './gateway-route.repository.js';
import { createGatewayRouteService } from './gateway-route.service.js';
import { createGatewayRouteTransport } from './gateway-route.transport.js';
import { gatewayRoutes } from './gateway-route.table.js';

/** Gateway routes (administrators): the kit's calls with secret headers masked, and a test call. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const t = gatewayRoutes;
  const kit = createResourceService({
    resource: gatewayRouteResource,
    table: t,
    repository: createTableRepository(app.db, t),
    columns: { code: t.code, name: t.name, purpose: t.purpose, url: t.url, method: t.method, timeoutMs: t.timeoutMs, status: t.status, createTime: t.createTime },
    dicts: app.dicts,
  });
  const repository = createGatewayRouteRepository(app.db);
  const service = createGatewayRouteService({
    kit,
    box: createSecretBox(secretKeyOf(app.config), 'gateway route header'),
    stored: (id) => repository.byId(id),
    call: createGatewayRouteTransport(outboundHttpOf(app.config)),
  });
  resourceRoutes(app, service, ['gateway routes'], { records: 'none' });

  route(
    app,
    {
      method: 'POST',
      url: `${gatewayRouteResource.path}/test`,
      access: { permission: Permission.GatewayRouteTest },
      tenancy: 'platform', scope: 'none',
      tags: ['gateway routes'],
      summary: 'Call a route once with its method, headers and timeout: status, duration and the first bytes of the body (redirects reported, never followed)',
      input: { body: gatewayRouteTestSchema },
      result: gatewayRouteTestResultSchema,
    },
    async (request) => ok(await service.test(request.body.id)),
  );
};

export default routes;
