import { areaChildrenQuerySchema, areaItemSchema, areaPathQuerySchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/envelope.js';
import { route } from '../../kit/route.js';
import type { AreaService } from './area.service.js';

const tags = ['areas'];

/** Areas for the area linkage picker: public reference data, read by any signed-in form. */
const routes: FastifyPluginAsyncZod<{ service: AreaService }> = async (app, { service }) => {
  route(
    app,
    { method: 'GET', url: '/sys/area/children', access: 'authenticated', tenancy: 'tenant', scope: 'none', tags, summary: 'The areas under pid (none: the provinces), in code order', input: { querystring: areaChildrenQuerySchema }, result: z.array(areaItemSchema) },
    async (request) => ok(await service.children(request.query.pid)),
  );
  route(
    app,
    { method: 'GET', url: '/sys/area/path', access: 'authenticated', tenancy: 'tenant', scope: 'none', tags, summary: 'A saved area code with the areas above it, from level 1 down', input: { querystring: areaPathQuerySchema }, result: z.array(areaItemSchema) },
    async (request) => ok(await service.path(request.query.code)),
  );
};

export default routes;
