import {
  Permission,
  ServerCode,
  importResultSchema,
  ingestEndpoints,
  limits,
  loggerEndpoints,
  loggerImportPreviewSchema,
  loggerPlacementEndpoints,
} from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { spreadsheetUpload } from '../../kit/resource-routes.js';
import { endpointRoute, route } from '../../kit/route.js';
import { attachment, exportFormats } from '../../kit/spreadsheet.js';
import { requireAuth } from '../../access/auth-context.js';
import type { LoggerService } from './logger.service.js';
import type { LoggerImportService } from './logger-import.service.js';
import type { LoggerKeyService } from './logger-key.service.js';
import type { LoggerPlacementService } from './logger-placement.service.js';

const tags = ['loggers'];

export interface LoggerRouteOptions {
  service: LoggerService;
  keys: LoggerKeyService;
  loggerImport: LoggerImportService;
  placement: LoggerPlacementService;
}

/** Every call under /want/logger/ (and this process's ingestion counters): the list, registration, keys, spreadsheet import, alias, unbinding. */
const routes: FastifyPluginAsyncZod<LoggerRouteOptions> = async (app, { service, keys, loggerImport, placement }) => {
  endpointRoute(
    app,
    loggerEndpoints.list,
    { access: { permission: Permission.LoggerList }, tenancy: 'tenant', scope: { list: 'logger' }, tags, summary: 'Loggers of the caller’s tenants with their state (list contract)' },
    async (request) => ok(await service.listLoggers(requireAuth(request), request.query)),
  );

  endpointRoute(
    app,
    ingestEndpoints.stats,
    { access: { permission: Permission.IngestStats }, tenancy: 'platform', scope: 'none', tags, summary: 'Ingestion counters of this server process: messages, samples received and stored, refusals by reason' },
    async () => ok(app.devicePlane.ingest.stats()),
  );

  endpointRoute(
    app,
    loggerEndpoints.registerBatch,
    {
      access: { permission: Permission.LoggerRegister },
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: 'Register loggers (serial number and registration key) so they may connect',
    },
    async (request) => ok(await service.registerLoggers(requireAuth(request), request.body.loggers), 'Registered', ServerCode.ADDED),
  );

  endpointRoute(
    app,
    loggerEndpoints.rotateKey,
    {
      access: { permission: Permission.LoggerRotateKey },
      tenancy: 'tenant', scope: { record: 'logger', in: 'body.gsn' },
      tags,
      summary: 'Give a registered logger a new registration key: its connection is dropped and it must reconnect with the new password',
    },
    async (request) => {
      request.operationNote = await keys.rotate(requireAuth(request), request.body);
      return ok(null, 'Key changed', ServerCode.EDITED);
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/want/logger/importExcel',
      access: { permission: Permission.LoggerImport },
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: 'Register loggers from .xls or .xlsx (multipart "file"; Logger SN, Registration key, optional Time zone; at most 64): every row or none, refusals listed by row and field',
      result: importResultSchema,
    },
    async (request) => {
      const { data, fileName } = await spreadsheetUpload(request);
      const imported = await loggerImport.importSheet(requireAuth(request), data, fileName, request.language);
      return ok({ imported }, `Imported ${imported} loggers`, ServerCode.ADDED);
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/want/logger/importPreview',
      access: { permission: Permission.LoggerImport },
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: 'Read the loggers of an .xls or .xlsx (multipart "file") without registering them: every row as text with its spreadsheet row, for the console to correct before importRows',
      result: loggerImportPreviewSchema,
    },
    async (request) => {
      const { data, fileName } = await spreadsheetUpload(request);
      return ok(await loggerImport.preview(data, fileName, request.language));
    },
  );
  endpointRoute(
    app,
    loggerEndpoints.importRows,
    {
      access: { permission: Permission.LoggerImport },
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: `Register the corrected rows of a previewed file (at most ${limits.loggerImportMax}): the import's checks and registration's rules, every row or none, refusals naming loggers[i].field`,
    },
    async (request) => {
      const imported = await loggerImport.importRows(requireAuth(request), request.body.loggers);
      return ok({ imported }, `Imported ${imported} loggers`, ServerCode.ADDED);
    },
  );
  route(
    app,
    { method: 'GET', url: '/want/logger/importTemplate', access: { permission: Permission.LoggerImport }, tenancy: 'tenant', scope: 'none', tags, summary: 'The .xlsx to fill in for importExcel: headings in the Accept-Language and one example row' },
    async (request, reply) => {
      const template = await loggerImport.template(request.language);
      return reply.header('content-type', exportFormats.xlsx.contentType).header('content-disposition', attachment(template.fileName)).header('cache-control', 'no-store').send(template.data);
    },
  );

  endpointRoute(
    app,
    loggerPlacementEndpoints.editAlias,
    { access: { permission: Permission.LoggerEdit }, tenancy: 'tenant', scope: { record: 'logger', in: 'body.gsn' }, tags, summary: 'A logger’s alias (empty clears it)' },
    async (request) => {
      await placement.setAlias(requireAuth(request), request.body);
      return ok(null, 'Edited', ServerCode.EDITED);
    },
  );

  endpointRoute(
    app,
    loggerPlacementEndpoints.unbind,
    { access: { permission: Permission.LoggerUnbind }, tenancy: 'tenant', scope: { record: 'logger', in: 'body.gsn', destroys: true }, tags, summary: 'Take a logger off its station (its data stays with it)' },
    async (request) => {
      request.operationNote = await placement.unbindLogger(requireAuth(request), request.body.gsn);
      return ok(null, 'Unbound', ServerCode.EDITED);
    },
  );
};

export default routes;
