import { Permission, ServerCode, legalEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { LegalService } from './legal.service.js';

const tags = ['legal'];

/** The privacy policy and terms of use: read by anyone (/privacy, /condition), written by administrators. */
const routes: FastifyPluginAsyncZod<{ service: LegalService }> = async (app, { service }) => {
  endpointRoute(
    app,
    legalEndpoints.text,
    {
      access: 'public',
      tenancy: 'shared', scope: 'none',
      tags,
      summary: 'The privacy policy (kind=privacy) or the terms of use (kind=condition) in `language` or the Accept-Language: the administrators’ text, else the platform’s own',
    },
    async (request) => ok(await service.one(request.query.kind, request.query.language ?? request.language)),
  );

  endpointRoute(
    app,
    legalEndpoints.list,
    { access: { permission: Permission.LegalEdit }, tenancy: 'platform', scope: 'none', tags, summary: 'Both texts in every language, as shown now (for the editor)' },
    async () => ok(await service.all()),
  );

  endpointRoute(
    app,
    legalEndpoints.edit,
    {
      access: { permission: Permission.LegalEdit },
      tenancy: 'shared', scope: 'none',
      tags,
      summary: 'Replace one text in one language (plain text; blank lines part paragraphs)',
    },
    async (request) => {
      await service.edit(requireAuth(request), request.body);
      return ok(null, 'Edited', ServerCode.EDITED);
    },
  );
};

export default routes;
