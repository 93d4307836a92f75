import { allDictItemsSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    { method: 'GET', url: '/sys/dict/queryAllDictItems', access: 'authenticated', tags: ['dictionaries'], summary: 'Every dictionary by code, texts in the Accept-Language', result: allDictItemsSchema },
    async (request) => ok(await app.dicts.all(request.language)),
  );
};

export default routes;
