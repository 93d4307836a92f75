import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { type Language, defaultLanguage, errorEnvelopeSchema, pickLanguage } from '@cellsight/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider, serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { redactSecrets } from './lib/log-redaction.js';
import { anyUploadMaxBytes } from './kit/upload-content.js';
import type { DatabaseHandle } from './db/database.js';
import type { PgliteClient } from './db/embedded-database.js';
import authPlugin from './access/auth.plugin.js';
import databasePlugin from './plugins/database.plugin.js';
import { seedFillRules } from './modules/fill-rule/fill-rule.seed.js';
import docsPlugin from './plugins/docs.plugin.js';
import errorsPlugin from './plugins/errors.plugin.js';
import jeecgWirePlugin, { rewriteJeecgUrl } from './plugins/jeecg-wire.plugin.js';
import realtimePlugin from './plugins/realtime.plugin.js';
import redisPlugin from './plugins/redis.plugin.js';
import vxeSocketPlugin from './plugins/vxe-socket.plugin.js';
import securityHeadersPlugin from './plugins/security-headers.plugin.js';
import webPlugin from './plugins/web.plugin.js';
import { modules } from './modules/index.js';
import opsPlugin, { requestIdOf } from './modules/ops/ops.plugin.js';
import { lenientValidatorCompiler } from './kit/lenient-validator.js';

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
    // JeecgBoot's own consoles call the API under /jeecg-boot: the same routes, its wire (plugins/jeecg-wire.plugin.ts).
    rewriteUrl: rewriteJeecgUrl,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(lenientValidatorCompiler);
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
  await app.register(jeecgWirePlugin);
  await app.register(securityHeadersPlugin);
  await app.register(databasePlugin, { config, database: options.database, embeddedDatabase: options.embeddedDatabase, seeds: [seedFillRules] });
  // Request ids, HTTP metrics, websockets told to go away at shutdown: before the plugins whose sockets it closes.
  await app.register(opsPlugin);
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
  // Uploads (files, avatars, spreadsheet imports): one file per request. The parser's ceilings for
  // any upload: one file, a few short fields; each kind's own size limit is held while the file
  // streams in (kit/upload-content.ts).
  await app.register(fastifyMultipart, { limits: { fileSize: anyUploadMaxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 20 } });
  // Every module through its one door (modules/index.ts: the order, each door its routes under /boot).
  for (const [, door] of modules) await app.register(door);
  await app.register(webPlugin, { config });
  return app;
}
