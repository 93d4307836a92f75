import { Permission, departTreeNodeSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { createDepartRepository } from './depart.repository.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  const departs = createDepartRepository(app.db);
  // The user form needs the tree to place users in departments.
  route(
    app,
    { method: 'GET', url: '/sys/sysDepart/queryTreeList', access: { permission: [Permission.UserAdd, Permission.UserEdit] }, tags: ['departments'], summary: 'The department tree', result: z.array(departTreeNodeSchema) },
    async () => ok(await departs.tree()),
  );
};

export default routes;
