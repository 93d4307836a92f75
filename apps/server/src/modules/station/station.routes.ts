import { Permission, ServerCode, stationEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { StationService } from './station.service.js';

const tags = ['stations'];

const routes: FastifyPluginAsyncZod<{ service: StationService }> = async (app, { service }) => {
  // List, queryById, edit, delete, deleteBatch, exportXls, exportCsv: the screen kit's calls, within the scope rule.
  resourceRoutes(app, service, tags, { records: 'station' });

  const add = { permission: Permission.StationAdd };
  endpointRoute(
    app,
    stationEndpoints.checkSn,
    {
      access: add,
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: 'Wizard step 1: check the loggers (form fields gsn_N, key_N, product_code_N); a failing row answers its code (4000, 4001, 4002, 4003) with its index as result',
    },
    async (request) => {
      await service.checkSn(requireAuth(request), request.body);
      return ok(null, 'Checked');
    },
  );

  endpointRoute(
    app,
    stationEndpoints.checkProductCode,
    {
      access: add,
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: 'Wizard: check the battery modules’ product codes (logger: the rows as JSON text); 4027 with the row index when one is used',
    },
    async (request) => {
      await service.checkProductCode(requireAuth(request), request.body.logger);
      return ok(null, 'Checked');
    },
  );

  endpointRoute(
    app,
    stationEndpoints.addStation,
    {
      access: add,
      tenancy: 'tenant', scope: 'scoped',
      tags,
      summary: 'Create a station (or a sub-station: pid) and bind its loggers in one transaction; the new id is the message',
    },
    async (request) => {
      const id = await service.addStation(requireAuth(request), request.body);
      request.operationNote = `Created station ${id} (${request.body.name}) with loggers ${request.body.logger.map((r) => r.gsn).join(', ')}`;
      return ok(null, id, ServerCode.ADDED);
    },
  );

  endpointRoute(
    app,
    stationEndpoints.owners,
    { access: add, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Accounts a new station may belong to: the caller, then the accounts below it' },
    async (request) => ok(await service.owners(requireAuth(request))),
  );

  endpointRoute(
    app,
    stationEndpoints.addLoggers,
    {
      access: { permission: Permission.StationEdit },
      tenancy: 'tenant', scope: { record: 'station', in: 'body.stationId' },
      tags,
      summary: 'Bind more loggers to a station (same checks and codes as the wizard)',
    },
    async (request) => {
      await service.addLoggers(requireAuth(request), request.body.stationId, request.body.logger);
      return ok(null, 'Bound', ServerCode.EDITED);
    },
  );

  endpointRoute(
    app,
    stationEndpoints.timeZones,
    {
      access: 'authenticated',
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: 'Station time zones: lang 1 English (or German with Accept-Language de-DE), 0 Chinese; the default is dictId 343',
    },
    async (request) => {
      const language = request.query.lang === '0' ? 'zh-CN' : request.language === 'de-DE' ? 'de-DE' : 'en-US';
      return ok(service.timeZones(language, request.query.pageNo, request.query.pageSize));
    },
  );
};

export default routes;
