import fastifyRateLimit from '@fastify/rate-limit';
import { type Language, defaultLanguage, errorEnvelopeSchema, pickLanguage } from '@cellsight/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { commandRoutes } from './modules/command/command.routes.js';
import { deviceRoutes } from './modules/device/device.routes.js';
import { createDictRepository } from './modules/dict/dict.repository.js';
import { dictRoutes } from './modules/dict/dict.routes.js';
import { createDictService } from './modules/dict/dict.service.js';
import { fileRoutes } from './modules/file/file.routes.js';
import { permissionRoutes } from './modules/permission/permission.routes.js';
import { departRoutes } from './modules/depart/depart.routes.js';
import { roleRoutes } from './modules/role/role.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { userRoutes } from './modules/user/user.routes.js';
import authPlugin from './plugins/auth.plugin.js';
import databasePlugin from './plugins/database.plugin.js';
import demoFleetPlugin from './plugins/demo-fleet.plugin.js';
import devicePlanePlugin from './plugins/device-plane.plugin.js';
import docsPlugin from './plugins/docs.plugin.js';
import errorsPlugin from './plugins/errors.plugin.js';
import operationLogPlugin from './plugins/operation-log.plugin.js';
import realtimePlugin from './plugins/realtime.plugin.js';
import securityHeadersPlugin from './plugins/security-headers.plugin.js';
import webPlugin from './plugins/web.plugin.js';

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
  logger?: boolean;
}

/** Builds the whole console: the same function for server.ts and every API test. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // Creating an embedded database on first start can take a while on a busy small machine.
    pluginTimeout: 120_000,
    // Query strings like `ids=a,b` stay strings; arrays only from repeated keys.
    routerOptions: { maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // An error answer never goes through a route's success schema: whatever a route declares for a
  // 4xx or 5xx status, it is written as the error envelope, so a refusal cannot fail to serialize.
  const errorSerializer = serializerCompiler({ schema: errorEnvelopeSchema, method: 'GET', url: '*', httpStatus: '400' });
  app.setSerializerCompiler<Parameters<typeof serializerCompiler>[0]['schema']>((route) =>
    /^[45]/.test(String(route.httpStatus)) ? errorSerializer : serializerCompiler(route),
  );
  app.decorate('config', config);
  // The console's language of each request (Accept-Language): dictionary texts and spreadsheet headings follow it.
  app.decorateRequest('language', defaultLanguage);
  app.addHook('onRequest', async (request) => {
    request.language = pickLanguage(request.headers['accept-language']);
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(databasePlugin, { config, database: options.database });
  app.decorate('dicts', createDictService(createDictRepository(app.db)));
  await app.register(fastifyRateLimit, { global: false });
  // Docs first: its onRoute hook marks the documentation routes public before auth checks them.
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(realtimePlugin);
  await app.register(operationLogPlugin);
  await app.register(devicePlanePlugin, { config });
  await app.register(demoFleetPlugin, { config });

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(permissionRoutes);
      await api.register(userRoutes);
      await api.register(roleRoutes);
      await api.register(departRoutes);
      await api.register(dictRoutes);
      await api.register(fileRoutes);
      await api.register(deviceRoutes);
      await api.register(commandRoutes);
    },
    { prefix: '/boot' },
  );
  await app.register(webPlugin, { config });
  return app;
}
