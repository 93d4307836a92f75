import { userPermissionsSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { createLogRepository } from '../log/log.repository.js';
import { allAuthList, authList, buildMenuTree } from './menu-tree.js';
import { createPermissionRepository } from './permission.repository.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  const permissions = createPermissionRepository(app.db);
  const logs = createLogRepository(app.db);

  route(
    app,
    { method: 'GET', url: '/sys/permission/getUserPermissionByToken', access: 'authenticated', tags: ['auth'], summary: "The signed-in user's menu tree and permission codes", result: userPermissionsSchema },
    async (request) => {
      const auth = requireAuth(request);
      const [rows, all] = await Promise.all([permissions.rowsForUser(auth.userId), permissions.allButtons()]);
      // Opening the console fetches the menu once: that is a visit.
      await logs.addVisit({ userId: auth.userId, ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
      return ok({ menu: buildMenuTree(rows), auth: authList(rows), allAuth: allAuthList(all), sysSafeMode: false });
    },
  );
};

export default routes;
