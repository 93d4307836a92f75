import {
  Permission,
  ServerCode,
  batteryCellsQuerySchema,
  batteryCellsSchema,
  batteryHistoryQuerySchema,
  batteryHistorySchema,
  batteryMoveSchema,
  batteryRecordSchema,
  ingestStatsSchema,
  listQuerySchema,
  loggerKeyRotationSchema,
  loggerRecordSchema,
  loggerRegistrationResultSchema,
  loggerRegistrationSchema,
  pageSchema,
} from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { createTenantRepository } from '../tenant/tenant.repository.js';
import { createBatteryMoveService } from './battery-move.service.js';
import { createDeviceRepository } from './device.repository.js';
import { createDeviceService } from './device.service.js';
import { createLoggerKeyService } from './logger-key.service.js';

const tags = ['devices'];

const routes: FastifyPluginAsyncZod = async (app) => {
  const devices = createDeviceRepository(app.db);
  const service = createDeviceService(devices, createTenantRepository(app.db), undefined, { registered: (gsns) => app.devicePlane.loggersRegistered(gsns) });

  route(
    app,
    { method: 'GET', url: '/want/logger/list', access: { permission: Permission.LoggerList }, tags, summary: 'Loggers of the caller’s tenants with their state (list contract)', input: { querystring: listQuerySchema }, result: pageSchema(loggerRecordSchema) },
    async (request) => ok(await service.listLoggers(requireAuth(request), request.query)),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/want/battery/list',
      access: { permission: Permission.LoggerList },
      tags,
      summary: 'Batteries of the caller’s loggers with their latest reading (list contract; filter by loggerGsn)',
      input: { querystring: listQuerySchema },
      result: pageSchema(batteryRecordSchema),
    },
    async (request) => ok(await service.listBatteries(requireAuth(request), request.query)),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/want/battery/history',
      access: { permission: Permission.LoggerList },
      tags,
      summary: 'A battery’s readings over time from the 5-minute, hourly or station-local daily rollups',
      input: { querystring: batteryHistoryQuerySchema },
      result: batteryHistorySchema,
    },
    async (request) => ok(await service.batteryHistory(requireAuth(request), request.query)),
  );

  route(
    app,
    { method: 'GET', url: '/want/battery/cells', access: { permission: Permission.LoggerList }, tags, summary: 'Cell voltages and temperatures of a battery’s latest reading', input: { querystring: batteryCellsQuerySchema }, result: batteryCellsSchema },
    async (request) => ok(await service.batteryCells(requireAuth(request), request.query.batterySn)),
  );

  route(
    app,
    { method: 'GET', url: '/want/ingest/stats', access: { permission: Permission.IngestStats }, tags, summary: 'Ingestion counters of this server process: messages, samples received and stored, refusals by reason', result: ingestStatsSchema },
    async () => ok(app.devicePlane.ingest.stats()),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/want/logger/registerBatch',
      access: { permission: Permission.LoggerRegister },
      tags,
      summary: 'Register loggers (serial number and registration key) so they may connect',
      input: { body: loggerRegistrationSchema },
      result: loggerRegistrationResultSchema,
    },
    async (request) => ok(await service.registerLoggers(requireAuth(request), request.body.loggers), 'Registered', ServerCode.ADDED),
  );

  const keys = createLoggerKeyService({ devices, keyChanged: (gsn) => app.devicePlane.loggerKeyChanged(gsn) });
  route(
    app,
    {
      method: 'POST',
      url: '/want/logger/rotateKey',
      access: { permission: Permission.LoggerRotateKey },
      tags,
      summary: 'Give a registered logger a new registration key: its connection is dropped and it must reconnect with the new password',
      input: { body: loggerKeyRotationSchema },
      result: null,
    },
    async (request) => {
      request.operationNote = await keys.rotate(requireAuth(request), request.body);
      return ok(null, 'Key changed', ServerCode.EDITED);
    },
  );

  const batteryMoves = createBatteryMoveService({
    devices,
    moved: (batterySn, to) => {
      app.devicePlane.forgetBattery(batterySn);
      // The battery is new to this logger: its tenant's consoles refresh as when a logger reports one first.
      if (to.tenantId !== null) app.realtime.toRooms([`tenant:${to.tenantId}`], 'battery.added', { gsn: to.gsn, batterySns: [batterySn] });
    },
  });
  route(
    app,
    {
      method: 'POST',
      url: '/want/battery/move',
      access: { permission: Permission.BatteryMove },
      tags,
      summary: 'Give a battery (pack) to another logger: the new logger reports it from now on, the old one’s samples of it are dropped; its history stays',
      input: { body: batteryMoveSchema },
      result: null,
    },
    async (request) => {
      request.operationNote = await batteryMoves.move(requireAuth(request), request.body);
      return ok(null, 'Battery moved', ServerCode.EDITED);
    },
  );
};

export default routes;
