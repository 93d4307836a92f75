import fastifyMultipart from '@fastify/multipart';
import { ServerCode, emptyEnvelopeSchema, limits, text, uploadQuerySchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.js';
import { ok } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { createFileRepository } from './file.repository.js';
import { type UploadKind, createFileService } from './file.service.js';

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createFileRepository(app.config.uploadDir, app.db);
  const files = createFileService(repository);
  await app.register(fastifyMultipart, { limits: { fileSize: limits.fileMaxBytes, files: 1, fields: 10, fieldSize: 1024 } });

  app.post(
    '/sys/common/upload',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['files'], summary: 'Upload a file (multipart "file", "biz"=avatar|temp); the stored path is in message', querystring: uploadQuerySchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw badRequest(ServerCode.INCORRECT_PARAMETER, 'file: send multipart/form-data with a "file" part', [{ field: 'file', message: 'is required' }]);
      const part = await request.file();
      if (!part) throw badRequest(ServerCode.INCORRECT_PARAMETER, 'file: is required', [{ field: 'file', message: 'is required' }]);
      const content = await part.toBuffer();
      const bizField = part.fields.biz;
      const bizValue = bizField && !Array.isArray(bizField) && 'value' in bizField ? String(bizField.value) : request.query.biz;
      const kind: UploadKind = bizValue === 'avatar' ? 'avatar' : 'temp';
      const path = await files.upload(auth.userId, kind, part.filename, content);
      return ok(null, path, ServerCode.OK);
    },
  );

  app.get(
    '/sys/common/view/*',
    { config: { access: 'public' }, schema: { tags: ['files'], summary: 'An uploaded file', security: [], params: z.object({ '*': text().max(300) }) } },
    async (request, reply) => {
      const path = repository.contain(request.params['*']);
      if (!path) throw notFound('File');
      // Names are 128-bit random, so the path itself is the capability; the type was judged by content
      // at upload, and browsers do not sniff (nosniff, like every answer: security-headers.plugin.ts).
      return reply.sendFile(path, repository.root);
    },
  );
};
