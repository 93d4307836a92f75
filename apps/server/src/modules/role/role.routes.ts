import { Permission, envelopeSchema, roleOptionSchema } from '@cellsight/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { createRoleRepository } from './role.repository.js';

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const roles = createRoleRepository(app.db);
  app.get(
    '/sys/role/queryall',
    {
      // The user form needs the role list to assign roles.
      config: { access: { permission: [Permission.UserAdd, Permission.UserEdit] } },
      schema: { tags: ['roles'], summary: 'Every role', response: { 200: envelopeSchema(z.array(roleOptionSchema)) } },
    },
    async () => ok(await roles.all()),
  );
};
