import { Permission, ServerCode, legalTextEditSchema, legalTextQuerySchema, legalTextSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/envelope.js';
import { route } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { LegalService } from './legal.service.js';

const tags = ['legal'];

/** The privacy policy and terms of use: read by anyone (/privacy, /condition), written by administrators. */
const routes: FastifyPluginAsyncZod<{ service: LegalService }> = async (app, { service }) => {
  route(
    app,
    {
      method: 'GET',
      url: '/sys/public/legal',
      access: 'public',
      tenancy: 'shared', scope: 'none',
      tags,
      summary: 'The privacy policy (kind=privacy) or the terms of use (kind=condition) in `language` or the Accept-Language: the administrators’ text, else the platform’s own',
      input: { querystring: legalTextQuerySchema },
      result: legalTextSchema,
    },
    async (request) => ok(await service.one(request.query.kind, request.query.language ?? request.language)),
  );

  route(
    app,
    { method: 'GET', url: '/sys/legal/list', access: { permission: Permission.LegalEdit }, tenancy: 'platform', scope: 'none', tags, summary: 'Both texts in every language, as shown now (for the editor)', result: z.array(legalTextSchema) },
    async () => ok(await service.all()),
  );

  route(
    app,
    {
      method: ['PUT', 'POST'],
      url: '/sys/legal/edit',
      access: { permission: Permission.LegalEdit },
      tenancy: 'shared', scope: 'none',
      tags,
      summary: 'Replace one text in one language (plain text; blank lines part paragraphs)',
      input: { body: legalTextEditSchema },
      result: null,
    },
    async (request) => {
      await service.edit(requireAuth(request), request.body);
      return ok(null, 'Edited', ServerCode.EDITED);
    },
  );
};

export default routes;
