import {
  Permission,
  ServerCode,
  batteryCellsQuerySchema,
  batteryCellsSchema,
  batteryHistoryQuerySchema,
  batteryHistorySchema,
  batteryRecordSchema,
  envelopeSchema,
  ingestStatsSchema,
  listQuerySchema,
  loggerRecordSchema,
  loggerRegistrationResultSchema,
  loggerRegistrationSchema,
  pageSchema,
} from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { createTenantRepository } from '../tenant/tenant.repository.js';
import { createDeviceRepository } from './device.repository.js';
import { createDeviceService } from './device.service.js';

const tags = ['devices'];

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const devices = createDeviceRepository(app.db);
  const service = createDeviceService(devices, createTenantRepository(app.db));

  app.get(
    '/want/logger/list',
    {
      config: { access: { permission: Permission.LoggerList } },
      schema: { tags, summary: 'Loggers of the caller’s tenants with their state (list contract)', querystring: listQuerySchema, response: { 200: envelopeSchema(pageSchema(loggerRecordSchema)) } },
    },
    async (request) => ok(await service.listLoggers(requireAuth(request), request.query)),
  );

  app.get(
    '/want/battery/list',
    {
      config: { access: { permission: Permission.LoggerList } },
      schema: { tags, summary: 'Batteries of the caller’s loggers with their latest reading (list contract; filter by loggerGsn)', querystring: listQuerySchema, response: { 200: envelopeSchema(pageSchema(batteryRecordSchema)) } },
    },
    async (request) => ok(await service.listBatteries(requireAuth(request), request.query)),
  );

  app.get(
    '/want/battery/history',
    {
      config: { access: { permission: Permission.LoggerList } },
      schema: {
        tags,
        summary: 'A battery’s readings over time from the 5-minute, hourly or station-local daily rollups',
        querystring: batteryHistoryQuerySchema,
        response: { 200: envelopeSchema(batteryHistorySchema) },
      },
    },
    async (request) => ok(await service.batteryHistory(requireAuth(request), request.query)),
  );

  app.get(
    '/want/battery/cells',
    {
      config: { access: { permission: Permission.LoggerList } },
      schema: {
        tags,
        summary: 'Cell voltages and temperatures of a battery’s latest reading',
        querystring: batteryCellsQuerySchema,
        response: { 200: envelopeSchema(batteryCellsSchema) },
      },
    },
    async (request) => ok(await service.batteryCells(requireAuth(request), request.query.batterySn)),
  );

  app.get(
    '/want/ingest/stats',
    {
      config: { access: { permission: Permission.IngestStats } },
      schema: { tags, summary: 'Ingestion counters of this server process: messages, samples received and stored, refusals by reason', response: { 200: envelopeSchema(ingestStatsSchema) } },
    },
    async () => ok(app.devicePlane.ingest.stats()),
  );

  app.post(
    '/want/logger/registerBatch',
    {
      config: { access: { permission: Permission.LoggerRegister } },
      schema: { tags, summary: 'Register loggers (serial number and registration key) so they may connect', body: loggerRegistrationSchema, response: { 200: envelopeSchema(loggerRegistrationResultSchema) } },
    },
    async (request) => ok(await service.registerLoggers(requireAuth(request), request.body.loggers), 'Registered', ServerCode.ADDED),
  );
};
