import { ServerCode, type storedFileResource, text, uploadQuerySchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, unauthorized } from '../../lib/errors.js';
import { ok } from '../../kit/envelope.js';
import { type ResourceCalls, resourceRoutes } from '../../kit/resource-routes.js';
import { receiveUpload, storedFileHeaders, uploadMaxBytes } from '../../kit/upload-content.js';
import { route } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';

import type { FileStores } from './file-store.repository.js';
import type { FileRepository } from './file.repository.js';
import { type FileService, isPrivatePath, uploadKindOf } from './file.service.js';

export interface FileRoutesOptions {
  files: FileRepository;
  stores: FileStores;
  service: FileService;
  /** System → Files. */
  admin: ResourceCalls<typeof storedFileResource>;
}

const routes: FastifyPluginAsyncZod<FileRoutesOptions> = async (app, { files: repository, stores, service: files, admin }) => {

  route(
    app,
    { method: 'POST', url: '/sys/common/upload', access: 'authenticated', tenancy: 'tenant', scope: 'none', tags: ['files'], summary: 'Upload a file (multipart "biz"=avatar|station|jeditor|ticket|temp, then "file"; judged by content, held to the kind\'s size while it streams in); the stored path is in message', input: { querystring: uploadQuerySchema }, result: null },
    async (request) => {
      const auth = requireAuth(request);
      // The kind (and so its size limit) is known while the file streams in when `biz` is in the
      // query or a field sent before the file; one sent after it is checked once the form has ended.
      const kindOf = (fields: ReadonlyMap<string, string>) => uploadKindOf(fields.get('biz') ?? request.query.biz);
      const upload = await receiveUpload(request, (fields) => uploadMaxBytes(kindOf(fields)));
      const path = await files.upload(auth, kindOf(upload.fields), upload.fileName, upload.content);
      return ok(null, path, ServerCode.OK);
    },
  );

  // `/sys/common/static/*` is the same file under JeecgBoot's name (its consoles' `staticDomainURL`).
  for (const url of ['/sys/common/view/*', '/sys/common/static/*']) {
    route(
      app,
      { method: 'GET', url, access: 'public', tenancy: 'tenant', scope: 'none', tags: ['files'], summary: 'An uploaded file (from the upload folder or the S3 bucket it was stored in). Avatars, station and rich-text images are public; ticket attachments and grid files (ticket/…, temp/…) need the session of someone who may see them (401 without one, 404 for another). Anything but a raster image is a download', input: { params: z.object({ '*': text().max(300) }) } },
      async (request, reply) => {
        const path = repository.contain(request.params['*']);
        if (!path) throw notFound('File');
        // Public kinds: the 128-bit random name is the capability. Private ones (ticket attachments,
        // grid files) need the session in the X-Access-Token header (the console fetches them and shows
        // a blob), never a token in the address; asked without one, whether the file exists is not told.
        const isPrivate = isPrivatePath(path);
        if (isPrivate && !request.auth) throw unauthorized();
        const row = await repository.byPath(path);
        if (isPrivate && !(await files.mayRead(requireAuth(request), path, row))) throw notFound('File');
        const store = row?.storage === 's3' ? stores.s3 : stores.local;
        const content = store ? await store.get(path) : null;
        if (!content) throw notFound('File');
        // The type judged at upload, never the client's, and browsers do not sniff (nosniff); anything
        // but a raster image is a download.
        reply.headers(storedFileHeaders(path, row));
        // A private file stays out of shared caches and the browser's disk cache.
        if (isPrivate) reply.header('cache-control', 'private, no-store');
        if (content.size !== null) reply.header('content-length', content.size);
        return reply.send(content.body);
      },
    );
  }

  // System → Files (administrators): the uploads of the caller's tenants with where each is used
  // (a holder who is no administrator: their own); only unused ones may be deleted.
  resourceRoutes(app, admin, ['files'], { records: 'none' });
};

export default routes;
