import { Permission, departTreeNodeSchema, envelopeSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { createDepartRepository } from './depart.repository.js';

export const departRoutes: FastifyPluginAsyncZod = async (app) => {
  const departs = createDepartRepository(app.db);
  app.get(
    '/sys/sysDepart/queryTreeList',
    {
      // The user form needs the tree to place users in departments.
      config: { access: { permission: [Permission.UserAdd, Permission.UserEdit] } },
      schema: { tags: ['departments'], summary: 'The department tree', response: { 200: envelopeSchema(z.array(departTreeNodeSchema)) } },
    },
    async () => ok(await departs.tree()),
  );
};
