import type { positionResource } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourceRoutes } from '../../kit/resource-routes.js';
import type { ResourceService } from '../../kit/resource-service.js';

/** Positions: a plain resource, everything from the kit; each tenant keeps its own. */
const routes: FastifyPluginAsyncZod<{ service: ResourceService<typeof positionResource> }> = async (app, { service }) => {
  resourceRoutes(app, service, ['positions'], { records: 'position' });
};

export default routes;
