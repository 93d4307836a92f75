import { Permission, ServerCode, batteryChangeEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { BatteryChangeService } from './battery-change.service.js';

const tags = ['battery changes'];

/** The battery change records (battery-change): the kit's list and export within the scope rule, and a replacement entered by hand. */
const routes: FastifyPluginAsyncZod<{ service: BatteryChangeService }> = async (app, { service }) => {
  const { add, ...calls } = service;

  // List, queryById, exportXls, exportCsv: the screen kit's calls, within the scope rule.
  resourceRoutes(app, calls, tags, { records: 'scoped' });

  endpointRoute(
    app,
    batteryChangeEndpoints.add,
    {
      access: { permission: Permission.BatteryChangeAdd },
      tenancy: 'tenant', scope: 'scoped',
      tags,
      summary: 'Record a battery replaced on site (logger in the caller’s scope, else 404 naming loggerGsn; old and new SN must differ; the time not in the future); the new id is the result',
    },
    async (request) => {
      const { id, note } = await add(requireAuth(request), request.body);
      request.operationNote = note;
      return ok(id, 'Added', ServerCode.ADDED);
    },
  );
};

export default routes;
