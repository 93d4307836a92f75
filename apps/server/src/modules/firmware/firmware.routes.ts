import { Permission, ServerCode, commandPermissionOf, firmwareDownloadQuerySchema, firmwareEndpoints, firmwareResource, firmwareUploadSchema, text } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/envelope.js';
import { invalidField } from '../../lib/errors.js';
import { attachment } from '../../kit/spreadsheet.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute, route } from '../../kit/route.js';
import { receiveUpload, uploadMaxBytes } from '../../kit/upload-content.js';
import { requireAuth } from '../../access/auth-context.js';
import type { FirmwareService } from './firmware.service.js';

const tags = ['firmware'];

/** The firmware library: list, export and delete from the kit; upload; the loggers' signed download. */
const routes: FastifyPluginAsyncZod<{ service: FirmwareService }> = async (app, { service }) => {
  resourceRoutes(app, service, tags, { records: 'scoped' });

  route(
    app,
    {
      method: 'POST',
      url: `${firmwareResource.path}/upload`,
      access: { permission: Permission.FirmwareAdd },
      tenancy: 'tenant', scope: 'scoped',
      tags,
      summary: 'Upload a firmware file (multipart: "file", then "version", "deviceType" logger|battery, "sha256" of the file, optional "remark"); the new id is the result',
      result: text(),
    },
    async (request) => {
      const auth = requireAuth(request);
      // Fields and file in any order; one file (the multipart limits refuse a second), held to the
      // firmware limit while it streams in.
      const upload = await receiveUpload(request, () => uploadMaxBytes('firmware'));
      const file = { data: upload.content, fileName: upload.fileName };
      const fieldValue = (name: string) => upload.fields.get(name);
      const parsed = firmwareUploadSchema.safeParse({ version: fieldValue('version'), deviceType: fieldValue('deviceType'), sha256: fieldValue('sha256'), remark: fieldValue('remark') || undefined });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw invalidField(issue?.path.join('.') || 'file', issue?.message ?? 'is invalid');
      }
      const id = await service.upload(auth, parsed.data, file);
      request.operationNote = `firmware ${parsed.data.deviceType} ${parsed.data.version} (${file.data.length} bytes, sha256 ${parsed.data.sha256})`;
      return ok(id, 'Uploaded', ServerCode.ADDED);
    },
  );

  endpointRoute(
    app,
    firmwareEndpoints.versions,
    {
      access: { permission: commandPermissionOf.upgrade },
      tenancy: 'tenant', scope: 'scoped',
      tags,
      summary: 'The firmware files an upgrade of a logger or a battery may install (newest first), for whoever may send upgrades',
    },
    async (request) => ok(await service.choices(requireAuth(request), request.query.deviceType)),
  );

  route(
    app,
    {
      method: 'GET',
      url: `${firmwareResource.path}/download/:id`,
      // No session: the address in the upgrade command is signed with the logger's own key and expires.
      access: 'public',
      tenancy: 'tenant', scope: 'scoped',
      tags,
      summary: 'A firmware file, for the logger an upgrade command was sent to (the signed address of the command)',
      input: { params: z.object({ id: text().min(1).max(32) }), querystring: firmwareDownloadQuerySchema },
    },
    async (request, reply) => {
      const file = await service.download(request.params.id, request.query);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachment(file.downloadName))
        .header('cache-control', 'private, no-store')
        .sendFile(file.fileName, service.root);
    },
  );
};

export default routes;
