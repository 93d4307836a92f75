import { Permission, ingestEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../kit/envelope.js';
import { endpointRoute } from '../../../kit/route.js';
import { requireAuth } from '../../../access/auth-context.js';
import type { RefusalService } from './refusal.service.js';

const routes: FastifyPluginAsyncZod<{ service: RefusalService }> = async (app, { service }) => {

  endpointRoute(
    app,
    ingestEndpoints.refusals,
    {
      access: { permission: Permission.LoggerList },
      tenancy: 'tenant', scope: { record: 'logger', in: 'query.gsn' },
      tags: ['devices'],
      summary: 'A logger’s refused messages per reason: how many, first and last time, and the latest one’s topic, cause and payload start (its diagnostics)',
    },
    async (request) => ok(await service.forLogger(requireAuth(request), request.query.gsn)),
  );
};

export default routes;
