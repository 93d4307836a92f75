import { Permission, ServerCode, eventAcknowledgeResultSchema, eventAcknowledgeSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { route } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import { createEventRepository } from './event.repository.js';
import { createEventService } from './event.service.js';

const tags = ['events'];

/** The events screen (site-events): the kit's list and export within the scope rule, and acknowledgement. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const devices = app.devices;
  const service = createEventService({
    events: createEventRepository(app.db),
    dicts: app.dicts,
    acknowledged: (events) => {
      // Those who see each logger hear of its events' acknowledgement (the device events' rooms).
      const byLogger = new Map<string, string[]>();
      for (const { id, loggerGsn } of events) byLogger.set(loggerGsn, [...(byLogger.get(loggerGsn) ?? []), id]);
      for (const [gsn, ids] of byLogger) {
        void devices
          .findLogger(gsn)
          .then((logger) => app.devicePlane.notify(logger, (rooms) => app.realtime.toRooms(rooms, 'event.acknowledged', { ids })))
          .catch((error: unknown) => app.log.warn({ err: error }, `could not tell consoles of acknowledged events of ${gsn}`));
      }
    },
  });

  // List, queryById, exportXls, exportCsv: the screen kit's calls, within the scope rule.
  resourceRoutes(app, service, tags, { records: 'event' });

  route(
    app,
    {
      method: 'POST',
      url: '/want/event/acknowledge',
      access: { permission: Permission.EventAcknowledge },
      tenancy: 'tenant', scope: { record: 'event', in: 'body.ids' },
      tags,
      summary: 'Acknowledge events (1 to 100, optional comment up to 256 characters): all within the caller’s scope or none (404); an event acknowledged before keeps its first acknowledgement',
      input: { body: eventAcknowledgeSchema },
      result: eventAcknowledgeResultSchema,
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
