import { logInfoSchema, logResource, visitInfoSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logs } from '../../db/schema.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { createResourceService } from '../../kit/resource-service.js';
import { route } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import { type LogRepository, logContentContains, logScope, ofTenantUsers } from './log.repository.js';
import { createLogService } from './log.service.js';

const tags = ['logs'];

/** Login and operation logs (read-only list from the kit) and the sign-in counters of the console. */
const routes: FastifyPluginAsyncZod<{ logs: LogRepository }> = async (app, { logs: repository }) => {
  const list = createResourceService({
    resource: logResource,
    table: logs,
    repository: createTableRepository(app.db, logs),
    columns: {
      logType: logs.logType,
      logContent: logs.logContent,
      operateType: logs.operateType,
      userid: logs.userid,
      username: logs.username,
      ip: logs.ip,
      requestUrl: logs.requestUrl,
      costTime: logs.costTime,
      createTime: logs.createTime,
    },
    dicts: app.dicts,
    extraFilters: { keyWord: logContentContains },
    scope: (auth) => logScope(app.db, auth),
  });
  resourceRoutes(app, list, tags, { records: 'scoped' });

  const counters = createLogService(repository);
  route(
    app,
    { method: 'GET', url: '/sys/loginfo', access: 'authenticated', tenancy: 'tenant', scope: 'none', tags, summary: 'Sign-ins in total, today and distinct addresses today (UTC days)', result: logInfoSchema },
    async (request) => ok(await counters.logInfo(ofTenantUsers(app.db, requireAuth(request)))),
  );
  route(
    app,
    { method: 'GET', url: '/sys/visitInfo', access: 'authenticated', tenancy: 'tenant', scope: 'none', tags, summary: 'Sign-ins and distinct addresses per day, the last 7 UTC days, oldest first', result: visitInfoSchema },
    async (request) => ok(await counters.visitInfo(ofTenantUsers(app.db, requireAuth(request)))),
  );
};

export default routes;
