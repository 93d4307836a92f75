import { Permission, commandRecordSchema, envelopeSchema, idQuerySchema, listQuerySchema, operateRequestSchema, pageSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';

const tags = ['commands'];

export const commandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/want/device/operate',
    {
      config: { access: { permission: Permission.CommandSend } },
      schema: {
        tags,
        summary: 'Send a remote command (restart, shutdown, settings, upgrade) to a logger or battery; the server signs it',
        body: operateRequestSchema,
        response: { 200: envelopeSchema(commandRecordSchema) },
      },
    },
    async (request) => ok(await app.devicePlane.commands.send(requireAuth(request), request.body), 'Sent'),
  );

  app.get(
    '/want/command/list',
    {
      config: { access: { permission: Permission.CommandList } },
      schema: { tags, summary: 'Remote commands and their outcome (the command audit)', querystring: listQuerySchema, response: { 200: envelopeSchema(pageSchema(commandRecordSchema)) } },
    },
    async (request) => ok(await app.devicePlane.commands.list(requireAuth(request), request.query)),
  );

  app.get(
    '/want/command/queryById',
    {
      config: { access: { permission: Permission.CommandList } },
      schema: { tags, summary: 'One remote command', querystring: idQuerySchema, response: { 200: envelopeSchema(commandRecordSchema) } },
    },
    async (request) => ok(await app.devicePlane.commands.queryById(requireAuth(request), request.query.id)),
  );
};
