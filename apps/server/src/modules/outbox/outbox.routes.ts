import { Permission, outboxEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';

const tags = ['outbox'];

/** The outbox: list and export from the kit; a test message that checks the mail settings. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const service = app.outbox;
  resourceRoutes(app, service, tags, { records: 'scoped' });

  endpointRoute(
    app,
    outboxEndpoints.testMail,
    {
      access: { permission: Permission.OutboxTest },
      tenancy: 'platform', scope: 'none',
      tags,
      summary: 'Send a test message to an address in the caller’s language: sent through SMTP_URL, or kept in the outbox when no SMTP is configured; the result is its outbox record (status sent, kept or failed, with the reason)',
    },
    async (request) => ok(await service.sendTestMail(requireAuth(request), request.body.to, request.language)),
  );
};

export default routes;
