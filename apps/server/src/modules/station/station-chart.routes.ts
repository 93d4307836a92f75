import { Permission, historyEndpoints, stationChartQuerySchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute, route } from '../../kit/route.js';
import { attachment } from '../../kit/spreadsheet.js';
import { requireAuth } from '../../access/auth-context.js';
import type { StationChartService } from './station-chart.service.js';

const tags = ['stations'];

/** The station chart (site-chart) and its files: readable by whoever may list stations, within the station scope. */
const routes: FastifyPluginAsyncZod<{ chart: StationChartService }> = async (app, { chart }) => {
  endpointRoute(
    app,
    historyEndpoints.stationChart,
    {
      access: { permission: Permission.StationList },
      tenancy: 'tenant', scope: { record: 'station', in: 'query.id' },
      tags,
      summary: 'A station’s power (kW, its batteries summed), average SOC and energy per day, month or year over a local day, month, year or all time, from the rollups',
    },
    async (request) => ok(await chart.stationChart(requireAuth(request), request.query)),
  );

  for (const [name, format] of [['exportCsv', 'csv'], ['exportXls', 'xlsx']] as const) {
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
        const file = await chart.exportStationChart(requireAuth(request), request.query, request.language, format);
        return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).header('cache-control', 'no-store').send(file.data);
      },
    );
  }
};

export default routes;
