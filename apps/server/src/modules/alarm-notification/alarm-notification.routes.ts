import { ServerCode, alarmRulesEditSchema, alarmRulesSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { route } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';

const tags = ['alarm notifications'];

/** Each signed-in user's own alarm rules (account settings → Notifications); delivery runs in the plugin. */
const routes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    {
      method: 'GET',
      url: '/sys/alarmNotification/rules',
      access: 'authenticated',
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: 'The caller’s alarm rules in force: the saved ones, or the default (faults on all stations, at once, no escalation) while `custom` is false',
      result: alarmRulesSchema,
    },
    async (request) => ok(await app.alarmNotifications.rules(requireAuth(request))),
  );

  route(
    app,
    {
      method: ['PUT', 'POST'],
      url: '/sys/alarmNotification/rules',
      access: 'authenticated',
      tenancy: 'tenant', scope: 'none',
      tags,
      summary:
        'Replace the caller’s alarm rules (station or all stations, event types, delay minutes, escalation minutes or null); an empty list turns alarm mail off; a station outside the caller’s scope answers 404 and nothing is written',
      input: { body: alarmRulesEditSchema },
      result: alarmRulesSchema,
    },
    async (request) => ok(await app.alarmNotifications.saveRules(requireAuth(request), request.body), 'Saved', ServerCode.EDITED),
  );
};

export default routes;
