import {
  Permission,
  ServerCode,
  type BatteryMove,
  batteryCellEndpoints,
  batteryEndpoints,
  batteryRangeExportQuerySchema,
  historyEndpoints,
  loggerPlacementEndpoints,
} from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute, route } from '../../kit/route.js';
import { attachment } from '../../kit/spreadsheet.js';
import { type AuthContext, requireAuth } from '../../access/auth-context.js';
import type { BatteryService } from './battery.service.js';
import type { BatteryHistoryService } from './battery-history.service.js';
import type { BatteryReadingService } from './battery-reading.service.js';

const tags = ['batteries'];

export interface BatteryRouteOptions {
  service: BatteryService;
  readings: BatteryReadingService;
  history: BatteryHistoryService;
  /** Giving a battery to another logger: the battery-change module's (app.batteryChanges), recorded as a change. */
  moves: { move(auth: AuthContext, request: BatteryMove): Promise<string> };
}

/** Every call under /want/battery/: the list, detail and export, the alias, readings, cells, history and its files, a move to another logger. */
const routes: FastifyPluginAsyncZod<BatteryRouteOptions> = async (app, { service, readings, history, moves }) => {
  // The battery list (battery-index) with its export and one battery (queryById?id=batterySn); the
  // Loggers screen and the station page read the same list with the loggers' permission.
  resourceRoutes(app, service, tags, { records: 'battery', alsoReadBy: [Permission.LoggerList] });
  endpointRoute(
    app,
    batteryEndpoints.editAlias,
    { access: { permission: Permission.BatteryEdit }, tenancy: 'tenant', scope: { record: 'battery', in: 'body.batterySn' }, tags, summary: 'A battery’s alias (empty clears it)' },
    async (request) => {
      request.operationNote = await service.setAlias(requireAuth(request), request.body);
      return ok(null, 'Edited', ServerCode.EDITED);
    },
  );

  endpointRoute(
    app,
    historyEndpoints.batteryReadings,
    {
      access: { permission: Permission.LoggerList },
      tenancy: 'tenant', scope: { record: 'battery', in: 'query.batterySn' },
      tags,
      summary: 'A battery’s readings over time from the 5-minute, hourly or station-local daily rollups',
    },
    async (request) => ok(await readings.readings(requireAuth(request), request.query)),
  );

  endpointRoute(
    app,
    batteryEndpoints.cells,
    { access: { permission: Permission.LoggerList }, tenancy: 'tenant', scope: { record: 'battery', in: 'query.batterySn' }, tags, summary: 'Cell voltages and temperatures of a battery’s latest reading' },
    async (request) => ok(await readings.latestCells(requireAuth(request), request.query.batterySn)),
  );

  endpointRoute(
    app,
    batteryCellEndpoints.dayHistory,
    {
      // The battery pages and the Loggers screen's battery drawer show cells alike.
      access: { permission: [Permission.BatteryIndex, Permission.LoggerList] },
      tenancy: 'tenant', scope: { record: 'battery', in: 'query.batterySn' },
      tags,
      summary: 'Every cell voltage or temperature of a battery over one day of its time zone, averaged per 5 minutes (the cell heat map)',
    },
    async (request) => ok(await readings.cellDay(requireAuth(request), request.query)),
  );

  endpointRoute(
    app,
    historyEndpoints.batteryRange,
    {
      access: { permission: Permission.BatteryIndex },
      tenancy: 'tenant', scope: { record: 'battery', in: 'query.batterySn' },
      tags,
      summary: 'A battery’s readings over a local day, month, year or custom range of its station’s zone (at most 2,000 points, peaks kept), with energy per day or month',
    },
    async (request) => ok(await history.batteryHistory(requireAuth(request), request.query)),
  );
  for (const [name, format] of [['exportCsv', 'csv'], ['exportXls', 'xlsx']] as const) {
    route(
      app,
      {
        method: 'GET',
        url: `/want/battery/historyRange/${name}`,
        access: { permission: Permission.BatteryIndex },
        tenancy: 'tenant', scope: { record: 'battery', in: 'query.batterySn' },
        tags,
        summary: `The battery history shown, as .${format}, headings in the Accept-Language`,
        input: { querystring: batteryRangeExportQuerySchema },
      },
      async (request, reply) => {
        const file = await history.exportBatteryHistory(requireAuth(request), request.query, request.language, format);
        return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).header('cache-control', 'no-store').send(file.data);
      },
    );
  }

  endpointRoute(
    app,
    loggerPlacementEndpoints.moveBattery,
    {
      access: { permission: Permission.BatteryMove },
      tenancy: 'tenant', scope: { record: 'battery', in: 'body.batterySn', destroys: true },
      tags,
      summary: 'Give a battery (pack) to another logger: the new logger reports it from now on, the old one’s samples of it are dropped; its history stays',
    },
    async (request) => {
      request.operationNote = await moves.move(requireAuth(request), request.body);
      return ok(null, 'Battery moved', ServerCode.EDITED);
    },
  );
};

export default routes;
