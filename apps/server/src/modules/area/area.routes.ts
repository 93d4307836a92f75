import { areaEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';
import type { AreaService } from './area.service.js';

const tags = ['areas'];

/** Areas for the area linkage picker: public reference data, read by any signed-in form. */
const routes: FastifyPluginAsyncZod<{ service: AreaService }> = async (app, { service }) => {
  endpointRoute(
    app,
    areaEndpoints.children,
    { access: 'authenticated', tenancy: 'tenant', scope: 'none', tags, summary: 'The areas under pid (none: the provinces), in code order' },
    async (request) => ok(await service.children(request.query.pid)),
  );
  endpointRoute(
    app,
    areaEndpoints.path,
    { access: 'authenticated', tenancy: 'tenant', scope: 'none', tags, summary: 'A saved area code with the areas above it, from level 1 down' },
    async (request) => ok(await service.path(request.query.code)),
  );
};

export default routes;
