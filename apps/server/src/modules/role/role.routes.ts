import { Permission, roleOptionSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { createRoleRepository } from './role.repository.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  const roles = createRoleRepository(app.db);
  // The user form needs the role list to assign roles.
  route(
    app,
    { method: 'GET', url: '/sys/role/queryall', access: { permission: [Permission.UserAdd, Permission.UserEdit] }, tags: ['roles'], summary: 'Every role', result: z.array(roleOptionSchema) },
    async () => ok(await roles.all()),
  );
};

export default routes;
