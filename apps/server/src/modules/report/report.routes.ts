import { Permission, reportConfigIdParamsSchema, reportDataQuerySchema, reportEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute, route } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { ReportService } from './report.service.js';

/**
 * Online reports: the definitions (`/online/cgreport/head/*`, the screen kit plus "parse SQL") and
 * running them (`/online/cgreport/api/*`, for whoever holds `online:report:view`: the report page's
 * preview and the popup report picker).
 */
const routes: FastifyPluginAsyncZod<{ service: ReportService }> = async (app, { service }) => {
  const tags = ['online reports'];
  resourceRoutes(app, service, tags, { records: 'report' });

  endpointRoute(
    app,
    reportEndpoints.parseSql,
    {
      access: { permission: [Permission.ReportAdd, Permission.ReportEdit] },
      tenancy: 'tenant', scope: 'none',
      // Runs the query with no rows, in the sandbox: it reads and changes nothing.
      demoAllowed: true,
      tags,
      summary: 'Runs the SQL with no rows (LIMIT 0) in the report sandbox and answers its columns with their types, and its ${name} parameters',
    },
    async (request) => ok(await service.parseSql(requireAuth(request), request.body)),
  );

  const view = { permission: Permission.ReportView };
  const api = '/online/cgreport/api';
  endpointRoute(
    app,
    reportEndpoints.columns,
    { access: view, tenancy: 'tenant', scope: 'none', tags, summary: 'The shown columns of the report with this code, dictionary options, its id and name' },
    async (request) => ok(await service.columns(requireAuth(request), request.params.code, request.language)),
  );
  endpointRoute(
    app,
    reportEndpoints.queryInfo,
    { access: view, tenancy: 'tenant', scope: { record: 'report', in: 'params.configId' }, tags, summary: 'The search items of the report (from the third on hidden: "1")' },
    async (request) => ok(await service.queryInfo(requireAuth(request), request.params.configId)),
  );
  endpointRoute(
    app,
    reportEndpoints.paramsInfo,
    { access: view, tenancy: 'tenant', scope: { record: 'report', in: 'params.configId' }, tags, summary: 'The parameters of the report with their defaults' },
    async (request) => ok(await service.paramsInfo(requireAuth(request), request.params.configId)),
  );
  endpointRoute(
    app,
    reportEndpoints.data,
    {
      access: view,
      tenancy: 'tenant', scope: { record: 'report', in: 'params.configId' },
      tags,
      summary: 'One page of the report: pageNo, pageSize, column and order (a declared column), search fields (<field>_begin/_end in group mode), parameters from self_<name> or <name>; kept 30 s',
    },
    async (request) => ok(await service.data(requireAuth(request), request.params.configId, request.query as never)),
  );
  route(
    app,
    {
      method: 'GET',
      url: `${api}/exportXls/:configId`,
      access: view,
      tenancy: 'tenant', scope: { record: 'report', in: 'params.configId' },
      tags,
      summary: 'The whole report as searched and sorted, as .xlsx with the shown columns (headings from field_txt)',
      input: { params: reportConfigIdParamsSchema, querystring: reportDataQuerySchema },
    },
    async (request, reply) => {
      const sheet = await service.exportReport(requireAuth(request), request.params.configId, request.query, request.language);
      return reply.header('content-type', sheet.contentType).header('content-disposition', sheet.disposition).header('cache-control', 'no-store').send(sheet.data);
    },
  );
};

export default routes;
