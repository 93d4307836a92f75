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
import { badRequest, demoNotSupported, invalidField } from '../../lib/errors.js';
import { ok } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { createTenantRepository } from '../tenant/tenant.repository.js';
import { createDeviceRepository } from './device.repository.js';
import { createDeviceService } from './device.service.js';

const tags = ['devices'];

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const devices = createDeviceRepository(app.db);
  const tenants = createTenantRepository(app.db);
  const service = createDeviceService(devices);

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
    async (request) => {
      const auth = requireAuth(request);
      if (auth.demo) throw demoNotSupported();
      // New loggers belong to the chosen tenant, or to the user's first one.
      const tenantId = auth.tenantId || (await tenants.activeForUser(auth.userId))[0]?.id;
      if (!tenantId) throw invalidField('tenant-id', 'you belong to no tenant to register loggers for');
      const known = await devices.registeredLoggers(request.body.loggers.map((l) => l.gsn), auth);
      // Registered with this key in your tenants: nothing to do. Registered with another key, or
      // to anyone else: refused, with one answer for both, so asking reveals nothing of others.
      const refused = request.body.loggers.flatMap((l, index) => {
        const found = known.get(l.gsn);
        return found && !(found.own && found.registrationKey === l.key) ? [{ field: `loggers[${index}].gsn`, message: 'cannot be registered: it is registered with another key or to another account' }] : [];
      });
      if (refused.length > 0) throw badRequest(ServerCode.DEVICE_IN_USE, refused.map((e) => `${e.field}: ${e.message}`).join('; '), refused);
      const rows = request.body.loggers
        .filter((l) => !known.has(l.gsn))
        .map((l) => ({ gsn: l.gsn, registrationKey: l.key, timezone: l.timezone ?? 'UTC', tenantId, createBy: auth.username }));
      await devices.insertLoggers(rows);
      const existing = request.body.loggers.length - rows.length;
      return ok({ registered: rows.length, existing }, 'Registered', ServerCode.ADDED);
    },
  );
};
