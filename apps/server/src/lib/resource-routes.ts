import { type Resource, ServerCode, importResultSchema, listQuerySchema, pageSchema, resourceIdQuerySchema, resourceIdsQuerySchema, splitIds } from '@cellsight/contract';
import { requireAuth } from '../plugins/auth.plugin.js';
import { ok } from './envelope.js';
import { badRequest } from './errors.js';
import type { ResourceService } from './resource-service.js';
import { type ZodApp, route } from './route.js';
import { attachment, exportFormats } from './spreadsheet.js';

/**
 * The calls of a resource screen, one line per screen: list, queryById, add, edit (PUT or POST),
 * delete, deleteBatch, exportXls, exportCsv and importExcel, each guarded by the permission the
 * contract names (a call without one is not registered), and the duplicate check of its unique fields.
 */
export function resourceRoutes<R extends Resource>(app: ZodApp, service: ResourceService<R>, tags: string[]): void {
  const { resource } = service;
  const { path, permissions } = resource;
  const read = { permission: permissions.list };

  route(
    app,
    { method: 'GET', url: `${path}/list`, access: read, tags, summary: 'List (list contract: paging, sort, filters, advanced query)', input: { querystring: listQuerySchema }, result: pageSchema(resource.record) },
    async (request) => ok(await service.list(requireAuth(request), request.query, request.language)),
  );
  route(
    app,
    { method: 'GET', url: `${path}/queryById`, access: read, tags, summary: 'One record', input: { querystring: resourceIdQuerySchema }, result: resource.record },
    async (request) => ok(await service.byId(requireAuth(request), request.query.id, request.language)),
  );

  if (permissions.add) {
    route(app, { method: 'POST', url: `${path}/add`, access: { permission: permissions.add }, tags, summary: 'Add', input: { body: resource.add }, result: null }, async (request) => {
      await service.add(requireAuth(request), request.body as never);
      return ok(null, 'Added', ServerCode.ADDED);
    });
  }
  if (permissions.edit) {
    route(app, { method: ['PUT', 'POST'], url: `${path}/edit`, access: { permission: permissions.edit }, tags, summary: 'Edit', input: { body: resource.edit }, result: null }, async (request) => {
      await service.edit(requireAuth(request), request.body as never);
      return ok(null, 'Edited', ServerCode.EDITED);
    });
  }
  if (permissions.delete) {
    const remove = { permission: permissions.delete };
    route(app, { method: 'DELETE', url: `${path}/delete`, access: remove, tags, summary: 'Delete one', input: { querystring: resourceIdQuerySchema }, result: null }, async (request) => {
      await service.remove(requireAuth(request), [request.query.id]);
      return ok(null, 'Deleted', ServerCode.DELETED);
    });
    route(app, { method: 'DELETE', url: `${path}/deleteBatch`, access: remove, tags, summary: 'Delete several (ids comma-joined)', input: { querystring: resourceIdsQuerySchema }, result: null }, async (request) => {
      await service.remove(requireAuth(request), splitIds(request.query.ids));
      return ok(null, 'Deleted', ServerCode.BATCH_DELETED);
    });
  }
  if (permissions.export) {
    for (const [name, format] of [['exportXls', 'xlsx'], ['exportCsv', 'csv']] as const) {
      route(
        app,
        {
          method: 'GET',
          url: `${path}/${name}`,
          access: { permission: permissions.export },
          tags,
          summary: `Export as .${format}: the list query (or \`selections\`, comma-joined ids), headings and dictionary texts in the Accept-Language`,
          input: { querystring: listQuerySchema },
        },
        async (request, reply) => {
          const sheet = await service.exportSheet(requireAuth(request), request.query, request.language, format);
          return reply.header('content-type', exportFormats[format].contentType).header('content-disposition', attachment(sheet.fileName)).header('cache-control', 'no-store').send(sheet.data);
        },
      );
    }
  }
  if (permissions.import) {
    route(
      app,
      { method: 'POST', url: `${path}/importExcel`, access: { permission: permissions.import }, tags, summary: 'Import from .xls or .xlsx (multipart "file"): every row or none, refusals listed by row and field', result: importResultSchema },
      async (request) => {
        const part = request.isMultipart() ? await request.file() : undefined;
        if (!part) throw badRequest(ServerCode.INCORRECT_PARAMETER, 'file: send multipart/form-data with a .xls or .xlsx file', [{ field: 'file', message: 'is required' }]);
        const imported = await service.importSheet(requireAuth(request), await part.toBuffer(), part.filename);
        return ok({ imported }, `Imported ${imported} rows`, ServerCode.SUCCESS);
      },
    );
  }
  if (resource.unique && resource.unique.length > 0) {
    app.duplicateChecks.set(resource.table, {
      fields: resource.unique,
      access: [permissions.add, permissions.edit].filter((code) => code !== undefined),
      check: (_auth, field, value, exceptId) => service.isAvailable(field, value, exceptId),
    });
  }
}
