import { ServerCode, storedFileResource, text, uploadQuerySchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createTableRepository } from '../../db/table-repository.js';
import { users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/envelope.js';
import { resourceRoutes } from '../../lib/resource-routes.js';
import { receiveUpload, storedFileHeaders, uploadMaxBytes } from '../../lib/upload-content.js';
import { createResourceService } from '../../lib/resource-service.js';
import { route } from '../../lib/route.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { createFileAdminService } from './file-admin.service.js';
import { createFileStores } from './file-store.repository.js';
import { createFileRepository, fileUsageOf } from './file.repository.js';
import { createFileService, uploadKindOf } from './file.service.js';
import { uploads } from './file.table.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  const repository = createFileRepository(app.config.uploadDir, app.db);
  const stores = createFileStores(repository.root, app.config.s3);
  const files = createFileService(repository, stores.current);

  route(
    app,
    { method: 'POST', url: '/sys/common/upload', access: 'authenticated', scope: 'none', tags: ['files'], summary: 'Upload a file (multipart "biz"=avatar|station|jeditor|ticket|temp, then "file"; judged by content, held to the kind\'s size while it streams in); the stored path is in message', input: { querystring: uploadQuerySchema }, result: null },
    async (request) => {
      const auth = requireAuth(request);
      // The kind (and so its size limit) is known while the file streams in when `biz` is in the
      // query or a field sent before the file; one sent after it is checked once the form has ended.
      const kindOf = (fields: ReadonlyMap<string, string>) => uploadKindOf(fields.get('biz') ?? request.query.biz);
      const upload = await receiveUpload(request, (fields) => uploadMaxBytes(kindOf(fields)));
      const path = await files.upload(auth.userId, kindOf(upload.fields), upload.fileName, upload.content);
      return ok(null, path, ServerCode.OK);
    },
  );

  route(
    app,
    { method: 'GET', url: '/sys/common/view/*', access: 'public', scope: 'none', tags: ['files'], summary: 'An uploaded file (from the upload folder or the S3 bucket it was stored in)', input: { params: z.object({ '*': text().max(300) }) } },
    async (request, reply) => {
      const path = repository.contain(request.params['*']);
      if (!path) throw notFound('File');
      // Names are 128-bit random, so the path itself is the capability; the type was judged by content
      // at upload, and browsers do not sniff (nosniff, like every answer: security-headers.plugin.ts).
      const row = await repository.byPath(path);
      const store = row?.storage === 's3' ? stores.s3 : stores.local;
      const content = store ? await store.get(path) : null;
      if (!content) throw notFound('File');
      // The type judged at upload, never the client's; anything but a raster image or a PDF is a download.
      reply.headers(storedFileHeaders(path, row));
      if (content.size !== null) reply.header('content-length', content.size);
      return reply.send(content.body);
    },
  );

  // System → Files (administrators): every upload with where it is used; only unused ones may be deleted.
  const kit = createResourceService({
    resource: storedFileResource,
    table: uploads,
    repository: createTableRepository(app.db, uploads, {
      computed: {
        uploader: sql<string | null>`(select ${users.username} from ${users} where ${users.id} = ${uploads.userId})`,
        usedIn: fileUsageOf(uploads.path),
      },
    }),
    columns: { name: uploads.name, path: uploads.path, biz: uploads.biz, mime: uploads.mime, size: uploads.size, storage: uploads.storage, createTime: uploads.createTime },
    dicts: app.dicts,
  });
  resourceRoutes(app, createFileAdminService({ kit, files: repository, stores, log: app.log }), ['files'], { records: 'none' });
};

export default routes;
