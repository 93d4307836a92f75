import { Permission, batteryCellEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { BatteryCellsService } from './battery-cells.service.js';

const routes: FastifyPluginAsyncZod<{ service: BatteryCellsService }> = async (app, { service }) => {
  endpointRoute(
    app,
    batteryCellEndpoints.dayHistory,
    {
      // The battery pages and the Loggers screen's battery drawer show cells alike.
      access: { permission: [Permission.BatteryIndex, Permission.LoggerList] },
      tenancy: 'tenant', scope: { record: 'battery', in: 'query.batterySn' },
      tags: ['batteries'],
      summary: 'Every cell voltage or temperature of a battery over one day of its time zone, averaged per 5 minutes (the cell heat map)',
    },
    async (request) => ok(await service.dayHistory(requireAuth(request), request.query)),
  );
};

export default routes;
