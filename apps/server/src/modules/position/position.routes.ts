import { positionResource } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTableRepository } from '../../kit/table-repository.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { createResourceService } from '../../kit/resource-service.js';
import { tenantRowsOf } from '../../kit/tenant-rows.js';
import { positions } from './position.table.js';

/** Positions: a plain resource, everything from the kit; each tenant keeps its own. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createResourceService({
    resource: positionResource,
    table: positions,
    repository: createTableRepository(app.db, positions),
    columns: { code: positions.code, name: positions.name, rank: positions.rank, createTime: positions.createTime },
    dicts: app.dicts,
    tenantRows: tenantRowsOf(app.tenantMemberships, positions.tenantId, { sharedRows: false }),
  });
  resourceRoutes(app, service, ['positions'], { records: 'position' });
};

export default routes;
