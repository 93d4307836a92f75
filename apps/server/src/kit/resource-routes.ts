import type { FastifyRequest } from 'fastify';
import type { Availability } from './envelope.js';
import { type Resource, ServerCode, endpointsOfResource, importResultSchema, listQuerySchema, splitIds } from '@cellsight/contract';
import { requireAuth } from '../access/auth-context.js';
import { ok } from './envelope.js';
import type { Language, ListQuery, Page, PermissionCode } from '@cellsight/contract';
import type { z } from 'zod';
import type { AuthContext } from '../access/auth-context.js';
import type { ExportFormat } from './spreadsheet.js';
import { type RouteScope, type ScopedRecord, type ZodApp, endpointRoute, route } from './route.js';
import { attachment, exportFormats } from './spreadsheet.js';
import { checkUploadContent, receiveUpload, uploadMaxBytes } from './upload-content.js';

/**
 * What the routes ask of a resource's service: the kit's own (`createResourceService`), or a
 * module's service that does more (users: roles, tenants, the recycle bin) behind the same calls.
 */
export interface ResourceCalls<R extends Resource> {
  resource: R;
  list(auth: AuthContext, query: ListQuery, language: Language): Promise<Page<z.input<R['record']>>>;
  byId?(auth: AuthContext, id: string, language: Language): Promise<z.input<R['record']>>;
  /** Add, edit and delete: a read-only screen (batteries) has none of them, nor their permissions. */
  add?(auth: AuthContext, input: never): Promise<string>;
  edit?(auth: AuthContext, input: never): Promise<void>;
  remove?(auth: AuthContext, ids: string[]): Promise<void>;
  exportSheet(auth: AuthContext, query: ListQuery, language: Language, format: ExportFormat): Promise<{ fileName: string; contentType: string; data: Buffer }>;
  importSheet?(auth: AuthContext, file: Buffer, fileName: string, language: Language): Promise<number>;
  isAvailable?(auth: AuthContext, field: string, value: string, exceptId?: string): Promise<Availability>;
}

export interface ResourceRouteOptions {
  /**
   * The records the screen shows, as the scope rule sees them (route.ts, `RouteScope`): a kind the
   * authorisation matrix has fixtures for, `'scoped'` for other records the scope rule guards, or
   * `'none'` for platform tables that the permission alone guards.
   */
  records: ScopedRecord | 'scoped' | 'none';
  /** Other permissions that may read the list and one record: screens that show the same records (the Loggers screen's batteries). */
  alsoReadBy?: readonly PermissionCode[];
}

/**
 * The multipart `file` of an import call, through the uploads' content check: held to the size
 * limit while it streams in, an Excel workbook by content, and an archive that would not unpack to
 * a bomb; 4xx naming `file` otherwise.
 */
export async function spreadsheetUpload(request: FastifyRequest): Promise<{ data: Buffer; fileName: string }> {
  const upload = await receiveUpload(request, () => uploadMaxBytes('spreadsheet'));
  await checkUploadContent('spreadsheet', upload.fileName, upload.content, { asImport: true });
  return { data: upload.content, fileName: upload.fileName };
}

/**
 * The calls of a resource screen, one line per screen: list, queryById, add, edit (PUT or POST),
 * delete, deleteBatch, exportXls, exportCsv and importExcel, each guarded by the permission the
 * contract names (a call without one, or add, edit and import without the add or edit schema, is not
 * registered), and the duplicate check of its unique fields.
 */
export function resourceRoutes<R extends Resource>(app: ZodApp, service: ResourceCalls<R>, tags: string[], options: ResourceRouteOptions): void {
  const { resource } = service;
  const { records } = options;
  // Each call's scope declaration follows from the kind of record: a list, one record by id, several.
  const scopeOf = (record: (kind: ScopedRecord) => RouteScope): RouteScope => (records === 'none' || records === 'scoped' ? records : record(records));
  const listScope = scopeOf((kind) => ({ list: kind }));
  const unscoped: RouteScope = records === 'none' ? 'none' : 'scoped';
  const { path, permissions, tenancy } = resource;
  const read = { permission: options.alsoReadBy ? [permissions.list, ...options.alsoReadBy] : permissions.list };

  // As a plain Resource: the kit serves every resource alike (its service already types the records).
  const endpoints = endpointsOfResource<Resource>(resource);
  endpointRoute(
    app,
    endpoints.list,
    { access: read, tenancy, scope: listScope, tags, summary: 'List (list contract: paging, sort, filters, advanced query)' },
    async (request) => ok(await service.list(requireAuth(request), request.query, request.language)),
  );
  if (service.byId) {
    const byId = service.byId.bind(service);
    endpointRoute(
      app,
      endpoints.queryById,
      { access: read, tenancy, scope: scopeOf((kind) => ({ record: kind, in: 'query.id' })), tags, summary: 'One record' },
      async (request) => ok(await byId(requireAuth(request), request.query.id, request.language)),
    );
  }

  if (permissions.add && resource.add && service.add) {
    const add = service.add.bind(service);
    endpointRoute(app, endpoints.add, { access: { permission: permissions.add }, tenancy, scope: unscoped, tags, summary: 'Add (the new id is the result)' }, async (request) =>
      ok(await add(requireAuth(request), request.body as never), 'Added', ServerCode.ADDED),
    );
  }
  if (permissions.edit && resource.edit && service.edit) {
    const edit = service.edit.bind(service);
    endpointRoute(app, endpoints.edit, { access: { permission: permissions.edit }, tenancy, scope: scopeOf((kind) => ({ record: kind, in: 'body.id' })), tags, summary: 'Edit' }, async (request) => {
      await edit(requireAuth(request), request.body as never);
      return ok(null, 'Edited', ServerCode.EDITED);
    });
  }
  if (permissions.delete && service.remove) {
    const removeRecords = service.remove.bind(service);
    const remove = { permission: permissions.delete };
    endpointRoute(app, endpoints.delete, { access: remove, tenancy, scope: scopeOf((kind) => ({ record: kind, in: 'query.id', destroys: true })), tags, summary: 'Delete one' }, async (request) => {
      await removeRecords(requireAuth(request), [request.query.id]);
      return ok(null, 'Deleted', ServerCode.DELETED);
    });
    endpointRoute(app, endpoints.deleteBatch, { access: remove, tenancy, scope: scopeOf((kind) => ({ record: kind, in: 'query.ids', destroys: true })), tags, summary: 'Delete several (ids comma-joined)' }, async (request) => {
      await removeRecords(requireAuth(request), splitIds(request.query.ids));
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
          scope: listScope,
          tenancy,
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
  if (permissions.import && service.importSheet && resource.add) {
    const importSheet = service.importSheet.bind(service);
    route(
      app,
      { method: 'POST', url: `${path}/importExcel`, access: { permission: permissions.import }, tenancy, scope: unscoped, tags, summary: 'Import from .xls or .xlsx (multipart "file"): every row or none, refusals listed by row and field', result: importResultSchema },
      async (request) => {
        const { data, fileName } = await spreadsheetUpload(request);
        const imported = await importSheet(requireAuth(request), data, fileName, request.language);
        return ok({ imported }, `Imported ${imported} rows`, ServerCode.SUCCESS);
      },
    );
  }
  if (resource.unique && resource.unique.length > 0 && service.isAvailable) {
    const isAvailable = service.isAvailable.bind(service);
    app.duplicateChecks.set(resource.table, {
      fields: resource.unique,
      access: [permissions.add, permissions.edit].filter((code) => code !== undefined),
      check: (auth, field, value, exceptId) => isAvailable(auth, field, value, exceptId),
    });
  }
}
