import { ServerCode, text, uploadQuerySchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.js';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { createFileRepository } from './file.repository.js';
import { type UploadKind, createFileService } from './file.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  const repository = createFileRepository(app.config.uploadDir, app.db);
  const files = createFileService(repository);

  route(
    app,
    { method: 'POST', url: '/sys/common/upload', access: 'authenticated', tags: ['files'], summary: 'Upload a file (multipart "file", "biz"=avatar|station|ticket|temp); the stored path is in message', input: { querystring: uploadQuerySchema }, result: null },
    async (request) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw badRequest(ServerCode.INCORRECT_PARAMETER, 'file: send multipart/form-data with a "file" part', [{ field: 'file', message: 'is required' }]);
      const part = await request.file();
      if (!part) throw badRequest(ServerCode.INCORRECT_PARAMETER, 'file: is required', [{ field: 'file', message: 'is required' }]);
      const content = await part.toBuffer();
      const bizField = part.fields.biz;
      const bizValue = bizField && !Array.isArray(bizField) && 'value' in bizField ? String(bizField.value) : request.query.biz;
      const kind: UploadKind = bizValue === 'avatar' || bizValue === 'station' || bizValue === 'ticket' ? bizValue : 'temp';
      const path = await files.upload(auth.userId, kind, part.filename, content);
      return ok(null, path, ServerCode.OK);
    },
  );

  route(
    app,
    { method: 'GET', url: '/sys/common/view/*', access: 'public', tags: ['files'], summary: 'An uploaded file', input: { params: z.object({ '*': text().max(300) }) } },
    async (request, reply) => {
      const path = repository.contain(request.params['*']);
      if (!path) throw notFound('File');
      // Names are 128-bit random, so the path itself is the capability; the type was judged by content
      // at upload, and browsers do not sniff (nosniff, like every answer: security-headers.plugin.ts).
      return reply.sendFile(path, repository.root);
    },
  );
};

export default routes;
