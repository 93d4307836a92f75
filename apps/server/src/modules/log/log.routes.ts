import { logEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { LogListService, LogService } from './log.service.js';

const tags = ['logs'];

/** Login and operation logs (read-only list from the kit) and the sign-in counters of the console. */
const routes: FastifyPluginAsyncZod<{ list: LogListService; counters: LogService }> = async (app, { list, counters }) => {
  resourceRoutes(app, list, tags, { records: 'scoped' });

  endpointRoute(
    app,
    logEndpoints.logInfo,
    { access: 'authenticated', tenancy: 'tenant', scope: 'none', tags, summary: 'Sign-ins in total, today and distinct addresses today (UTC days)' },
    async (request) => ok(await counters.logInfo(requireAuth(request))),
  );
  endpointRoute(
    app,
    logEndpoints.visitInfo,
    { access: 'authenticated', tenancy: 'tenant', scope: 'none', tags, summary: 'Sign-ins and distinct addresses per day, the last 7 UTC days, oldest first' },
    async (request) => ok(await counters.visitInfo(requireAuth(request))),
  );
};

export default routes;
