import { gatewayRouteResource } from '@cellsight/contract';
import fp from 'fastify-plugin';
import { createResourceService } from '../../kit/resource-service.js';
import { outboundHttpOf } from '../../lib/outbound-http.js';
import { createSecretBox, secretKeyOf } from '../../lib/secret-box.js';
import { createGatewayRouteRepository } from './gateway-route.repository.js';
import { createGatewayRouteService } from './gateway-route.service.js';
import { createGatewayRouteTransport } from './gateway-route.transport.js';
import routes from './gateway-route.routes.js';

/** The gateway-route module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    const repository = createGatewayRouteRepository(app.db);
    const service = createGatewayRouteService({
      kit: createResourceService({ resource: gatewayRouteResource, ...repository.screen, dicts: app.dicts }),
      box: createSecretBox(secretKeyOf(app.config), 'gateway route header'),
      stored: (id) => repository.byId(id),
      call: createGatewayRouteTransport(outboundHttpOf(app.config)),
    });
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-gateway-route', dependencies: ['module-dict'] },
);
