import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { type Language, defaultLanguage, errorEnvelopeSchema, pickLanguage } from '@cellsight/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { redactSecrets } from './lib/log-redaction.js';
import { anyUploadMaxBytes } from './kit/upload-content.js';
import type { DatabaseHandle } from './db/database.js';
import type { PgliteClient } from './db/embedded-database.js';
import { createDictRepository } from './modules/dict/dict.repository.js';
import { createDictService } from './modules/dict/dict.service.js';
import { createDataLogRepository } from './modules/data-log/data-log.repository.js';
import { createDataLogRecorder } from './modules/data-log/data-log.service.js';
import authPlugin from './access/auth.plugin.js';
import databasePlugin from './plugins/database.plugin.js';
import { seedFillRules } from './modules/fill-rule/fill-rule.seed.js';
import demoFleetPlugin from './modules/device/demo-fleet.plugin.js';
import devicePlanePlugin from './modules/device/device-plane.plugin.js';
import docsPlugin from './plugins/docs.plugin.js';
import outboxPlugin from './modules/outbox/outbox.plugin.js';
import jobsPlugin from './modules/job/job.plugin.js';
import announcementPlugin from './modules/announcement/announcement.plugin.js';
import alarmNotificationPlugin from './modules/alarm-notification/alarm-notification.plugin.js';
import errorsPlugin from './plugins/errors.plugin.js';
import operationLogPlugin from './modules/log/operation-log.plugin.js';
import realtimePlugin from './plugins/realtime.plugin.js';
import redisPlugin from './plugins/redis.plugin.js';
import vxeSocketPlugin from './plugins/vxe-socket.plugin.js';
import securityHeadersPlugin from './plugins/security-headers.plugin.js';
import webPlugin from './plugins/web.plugin.js';
import monitorPlugin from './modules/monitor/monitor.plugin.js';
import { moduleRoutes } from './modules/module-routes.js';
import opsPlugin, { requestIdOf } from './modules/ops/ops.plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
  interface FastifyRequest {
    language: Language;
  }
}

export interface BuildOptions {
  /** An open database (tests share one per file); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** The embedded database already starting on the config's data folder (server.ts). */
  embeddedDatabase?: Promise<PgliteClient>;
  logger?: boolean;
  /** Where the log lines go instead of standard output (tests read what the log really holds). */
  logStream?: { write(line: string): void };
}

/** Builds the whole console: the same function for server.ts and every API test. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Every line leaves through redactSecrets: no token, ticket or password reaches the log (lib/log-redaction.ts).
    logger: options.logger === false ? false : { level: config.logLevel, hooks: { streamWrite: redactSecrets }, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 1024 * 1024,
    // Creating an embedded database on first start can take a while on a busy small machine.
    pluginTimeout: 120_000,
    // Query strings like `ids=a,b` stay strings; arrays only from repeated keys.
    routerOptions: { maxParamLength: 500 },
    // Behind a reverse proxy (TRUST_PROXY) the client's address comes from X-Forwarded-For.
    trustProxy: config.trustProxy,
    // The caller's X-Request-Id when it is safe, else a new one: on every log line and echoed back.
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // An error answer never goes through a route's success schema: whatever a route declares for a
  // 4xx or 5xx status, it is written as the error envelope, so a refusal cannot fail to serialize.
  const errorSerializer = serializerCompiler({ schema: errorEnvelopeSchema, method: 'GET', url: '*', httpStatus: '400' });
  app.setSerializerCompiler<Parameters<typeof serializerCompiler>[0]['schema']>((route) =>
    /^[45]/.test(String(route.httpStatus)) ? errorSerializer : serializerCompiler(route),
  );
  app.decorate('config', config);
  app.decorate('duplicateChecks', new Map());
  // The console's language of each request (Accept-Language): dictionary texts and spreadsheet headings follow it.
  app.decorateRequest('language', defaultLanguage);
  app.addHook('onRequest', async (request) => {
    request.language = pickLanguage(request.headers['accept-language']);
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(databasePlugin, { config, database: options.database, embeddedDatabase: options.embeddedDatabase, seeds: [seedFillRules] });
  // Request ids, HTTP metrics, websockets told to go away at shutdown: before the plugins whose sockets it closes.
  await app.register(opsPlugin);
  app.decorate('dicts', createDictService(createDictRepository(app.db)));
  // Services that change stations, loggers, battery settings, users and roles record each change here.
  app.decorate('dataLog', createDataLogRecorder(createDataLogRepository(app.db)));
  // app.redis (REDIS_URL): what several server processes share.
  await app.register(redisPlugin, { config });
  // With Redis the sign-in rate limit counts over every process; a Redis outage lets requests through
  // (each process still slows failed sign-ins itself) rather than refuse every sign-in.
  await app.register(fastifyRateLimit, { global: false, ...(app.redis ? { redis: app.redis.client, nameSpace: `${app.redis.prefix}rate-limit:`, skipOnError: true } : {}) });
  // Docs first: its onRoute hook marks the documentation routes public before auth checks them.
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(realtimePlugin);
  await app.register(vxeSocketPlugin);
  await app.register(operationLogPlugin);
  // app.jobs: the scheduler, before the modules that register their housekeeping tasks on it.
  await app.register(jobsPlugin);
  await app.register(outboxPlugin);
  // app.notices: system messages other modules send (before the device plane, which sends them).
  await app.register(announcementPlugin);
  // app.alarmNotifications: users' alarm rules and the minutely mail delivery.
  await app.register(alarmNotificationPlugin);
  await app.register(devicePlanePlugin, { config });
  // app.monitor: one sample of this process every 10 s for System → Monitoring (after the device plane, whose counters it reads).
  await app.register(monitorPlugin);
  await app.register(demoFleetPlugin, { config });

  await app.register(
    async (api) => {
      // Uploads (files, avatars, spreadsheet imports): one file per request.
      // The parser's ceilings for any upload: one file, a few short fields; each kind's own size
      // limit is held while the file streams in (kit/upload-content.ts).
      await api.register(fastifyMultipart, { limits: { fileSize: anyUploadMaxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 20 } });
      // Every module's routes (modules/module-routes.ts).
      for (const routes of Object.values(moduleRoutes)) await api.register(routes);
    },
    { prefix: '/boot' },
  );
  await app.register(webPlugin, { config });
  return app;
}
