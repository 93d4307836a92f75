import { allDictItemsSchema, envelopeSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';

export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/dict/queryAllDictItems',
    { config: { access: 'authenticated' }, schema: { tags: ['dictionaries'], summary: 'Every dictionary by code', response: { 200: envelopeSchema(allDictItemsSchema) } } },
    async () => ok(await app.dicts.all()),
  );
};
