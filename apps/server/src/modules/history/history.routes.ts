import { Permission, batteryRangeExportQuerySchema, historyEndpoints, stationChartQuerySchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute, route } from '../../kit/route.js';
import { attachment } from '../../kit/spreadsheet.js';
import { requireAuth } from '../../access/auth-context.js';
import type { HistoryService } from './history.service.js';

const tags = ['history'];
/** The file routes of a view: the same query, the same permission as the view. */
const fileRoutes = [
  ['exportCsv', 'csv'],
  ['exportXls', 'xlsx'],
] as const;

/**
 * Battery daily and history (battery-history) and the station chart (site-chart): readable by
 * whoever may list batteries, respectively stations, within the station scope.
 */
const routes: FastifyPluginAsyncZod<{ service: HistoryService }> = async (app, { service }) => {
  endpointRoute(
    app,
    historyEndpoints.batteryRange,
    {
      access: { permission: Permission.BatteryIndex },
      tenancy: 'tenant', scope: { record: 'battery', in: 'query.batterySn' },
      tags,
      summary: 'A battery’s readings over a local day, month, year or custom range of its station’s zone (at most 2,000 points, peaks kept), with energy per day or month',
    },
    async (request) => ok(await service.batteryHistory(requireAuth(request), request.query)),
  );

  endpointRoute(
    app,
    historyEndpoints.stationChart,
    {
      access: { permission: Permission.StationList },
      tenancy: 'tenant', scope: { record: 'station', in: 'query.id' },
      tags,
      summary: 'A station’s power (kW, its batteries summed), average SOC and energy per day, month or year over a local day, month, year or all time, from the rollups',
    },
    async (request) => ok(await service.stationChart(requireAuth(request), request.query)),
  );

  for (const [name, format] of fileRoutes) {
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
        const file = await service.exportBatteryHistory(requireAuth(request), request.query, request.language, format);
        return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).header('cache-control', 'no-store').send(file.data);
      },
    );
    route(
      app,
      {
        method: 'GET',
        url: `/want/tbStation/chart/${name}`,
        access: { permission: Permission.StationList },
        tenancy: 'tenant', scope: { record: 'station', in: 'query.id' },
        tags,
        summary: `The station chart’s points, as .${format}, headings in the Accept-Language`,
        input: { querystring: stationChartQuerySchema },
      },
      async (request, reply) => {
        const file = await service.exportStationChart(requireAuth(request), request.query, request.language, format);
        return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).header('cache-control', 'no-store').send(file.data);
      },
    );
  }
};

export default routes;
