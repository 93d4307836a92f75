import { Permission, dataLogEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { DataLogService } from './data-log.service.js';

/** The data log's screen: the kit's list and export, the versions of one record and two versions side by side. */
const routes: FastifyPluginAsyncZod<{ service: DataLogService }> = async (app, { service }) => {
  const tags = ['data log'];
  resourceRoutes(app, service, tags, { records: 'scoped' });
  const read = { permission: Permission.DataLogList };
  endpointRoute(
    app,
    dataLogEndpoints.versions,
    { access: read, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Every logged version of one record, oldest first' },
    async (request) => ok(await service.versions(requireAuth(request), request.query.dataTable, request.query.dataId)),
  );
  endpointRoute(
    app,
    dataLogEndpoints.compare,
    { access: read, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Two entries of the same record (log entry ids), older first' },
    async (request) => ok(await service.compare(requireAuth(request), request.query.dataId1, request.query.dataId2)),
  );
};

export default routes;
