import { Permission, ServerCode, eventEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { EventService } from './event.service.js';

const tags = ['events'];

/** The events screen (site-events): the kit's list and export within the scope rule, and acknowledgement. */
const routes: FastifyPluginAsyncZod<{ service: EventService }> = async (app, { service }) => {
  // List, queryById, exportXls, exportCsv: the screen kit's calls, within the scope rule.
  resourceRoutes(app, service, tags, { records: 'event' });

  endpointRoute(
    app,
    eventEndpoints.acknowledge,
    {
      access: { permission: Permission.EventAcknowledge },
      tenancy: 'tenant', scope: { record: 'event', in: 'body.ids' },
      tags,
      summary: 'Acknowledge events (1 to 100, optional comment up to 256 characters): all within the caller’s scope or none (404); an event acknowledged before keeps its first acknowledgement',
    },
    async (request) => {
      const { note, ...result } = await service.acknowledge(requireAuth(request), request.body);
      request.operationNote = note;
      const message =
        result.alreadyAcknowledged === 0
          ? `${result.acknowledged} event(s) acknowledged`
          : `${result.acknowledged} event(s) acknowledged; ${result.alreadyAcknowledged} had been acknowledged before and keep their first acknowledgement`;
      return ok(result, message, ServerCode.EDITED);
    },
  );
};

export default routes;
