import { Permission, commandEndpoints, commandPermissions } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../kit/envelope.js';
import { endpointRoute } from '../../../kit/route.js';
import { requireAuth } from '../../../access/auth-context.js';

const tags = ['commands'];

const routes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    commandEndpoints.operate,
    {
      // Any operation's permission opens the route; the service then asks for the one of the operation sent.
      access: { permission: commandPermissions },
      tenancy: 'tenant', scope: { record: 'logger', in: 'body.gsno' },
      tags,
      summary: 'Send a remote command (restart, shutdown, settings, upgrade: each its own permission) to a logger or battery the caller may see; the server signs it',
    },
    async (request) => ok(await app.devicePlane.commands.send(requireAuth(request), request.body), 'Sent'),
  );

  endpointRoute(
    app,
    commandEndpoints.list,
    { access: { permission: Permission.CommandList }, tenancy: 'tenant', scope: { list: 'command' }, tags, summary: 'Remote commands and their outcome (the command audit)' },
    async (request) => ok(await app.devicePlane.commands.list(requireAuth(request), request.query)),
  );

  endpointRoute(
    app,
    commandEndpoints.queryById,
    { access: { permission: Permission.CommandList }, tenancy: 'tenant', scope: { record: 'command', in: 'query.id' }, tags, summary: 'One remote command' },
    async (request) => ok(await app.devicePlane.commands.queryById(requireAuth(request), request.query.id)),
  );
};

export default routes;
