import { Permission, ServerCode, dataSourceEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import type { DataSourceService } from './data-source.service.js';

/** Data sources (System → Data sources): the kit's calls, and "test connection". */
const routes: FastifyPluginAsyncZod<{ service: DataSourceService }> = async (app, { service }) => {
  const tags = ['data sources'];
  resourceRoutes(app, service, tags, { records: 'none' });
  endpointRoute(
    app,
    dataSourceEndpoints.testConnection,
    {
      access: { permission: [Permission.DataSourceAdd, Permission.DataSourceEdit] },
      tenancy: 'platform', scope: 'none',
      tags,
      summary: 'Connects to the database with the form’s values (without a password: the stored one of `id`) and says whether it worked',
    },
    async (request) => {
      const result = await service.testConnection(request.body);
      return ok(result, result.message, ServerCode.SUCCESS);
    },
  );
};

export default routes;
