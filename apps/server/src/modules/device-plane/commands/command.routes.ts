import { Permission, commandPermissions, commandRecordSchema, idQuerySchema, listQuerySchema, operateRequestSchema, pageSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../kit/envelope.js';
import { route } from '../../../kit/route.js';
import { requireAuth } from '../../../access/auth-context.js';

const tags = ['commands'];

const routes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    {
      method: 'POST',
      url: '/want/device/operate',
      // Any operation's permission opens the route; the service then asks for the one of the operation sent.
      access: { permission: commandPermissions },
      tenancy: 'tenant', scope: { record: 'logger', in: 'body.gsno' },
      tags,
      summary: 'Send a remote command (restart, shutdown, settings, upgrade: each its own permission) to a logger or battery the caller may see; the server signs it',
      input: { body: operateRequestSchema },
      result: commandRecordSchema,
    },
    async (request) => ok(await app.devicePlane.commands.send(requireAuth(request), request.body), 'Sent'),
  );

  route(
    app,
    { method: 'GET', url: '/want/command/list', access: { permission: Permission.CommandList }, tenancy: 'tenant', scope: { list: 'command' }, tags, summary: 'Remote commands and their outcome (the command audit)', input: { querystring: listQuerySchema }, result: pageSchema(commandRecordSchema) },
    async (request) => ok(await app.devicePlane.commands.list(requireAuth(request), request.query)),
  );

  route(
    app,
    { method: 'GET', url: '/want/command/queryById', access: { permission: Permission.CommandList }, tenancy: 'tenant', scope: { record: 'command', in: 'query.id' }, tags, summary: 'One remote command', input: { querystring: idQuerySchema }, result: commandRecordSchema },
    async (request) => ok(await app.devicePlane.commands.queryById(requireAuth(request), request.query.id)),
  );
};

export default routes;
