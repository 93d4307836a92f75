import { ServerCode, alarmNotificationEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';

const tags = ['alarm notifications'];

/** Each signed-in user's own alarm rules (account settings → Notifications); delivery runs in the plugin. */
const routes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    alarmNotificationEndpoints.rules,
    {
      access: 'authenticated',
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: 'The caller’s alarm rules in force: the saved ones, or the default (faults on all stations, at once, no escalation) while `custom` is false',
    },
    async (request) => ok(await app.alarmNotifications.rules(requireAuth(request))),
  );

  endpointRoute(
    app,
    alarmNotificationEndpoints.saveRules,
    {
      access: 'authenticated',
      tenancy: 'tenant', scope: 'none',
      tags,
      summary:
        'Replace the caller’s alarm rules (station or all stations, event types, delay minutes, escalation minutes or null); an empty list turns alarm mail off; a station outside the caller’s scope answers 404 and nothing is written',
    },
    async (request) => ok(await app.alarmNotifications.saveRules(requireAuth(request), request.body), 'Saved', ServerCode.EDITED),
  );
};

export default routes;
