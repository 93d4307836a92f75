import { envelopeSchema, publicConfigSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';

/** Settings the login page needs before anyone signs in (platform name, regions, links). */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platformName, defaultRegion, regions, links } = app.config;
  app.get(
    '/sys/public/config',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Public console settings', security: [], response: { 200: envelopeSchema(publicConfigSchema) } } },
    async () => ok({ platformName, defaultRegion, regions, links }),
  );
};
