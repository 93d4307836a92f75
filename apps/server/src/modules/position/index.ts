import { positionResource } from '@cellsight/contract';
import fp from 'fastify-plugin';
import { createTableRepository } from '../../kit/table-repository.js';
import { createResourceService } from '../../kit/resource-service.js';
import { tenantRowsOf } from '../../kit/tenant-rows.js';
import { positions } from './position.table.js';
import routes from './position.routes.js';

/** The position module's one door: Positions, a plain resource on the kit. Its routes are under /boot. */
export default fp(
  async (app) => {
    const service = createResourceService({
      resource: positionResource,
      table: positions,
      repository: createTableRepository(app.db, positions),
      columns: { code: positions.code, name: positions.name, rank: positions.rank, createTime: positions.createTime },
      dicts: app.dicts,
      // Each tenant keeps its own.
      tenantRows: tenantRowsOf(app.tenantMemberships, positions.tenantId, { sharedRows: false }),
    });
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-position', dependencies: ['module-dict'] },
);
