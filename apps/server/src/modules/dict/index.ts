import fp from 'fastify-plugin';
import { createDictRepository } from './dict.repository.js';
import { createDictService } from './dict.service.js';
import routes from './dict.routes.js';

/** The dict module's one door: dictionary lookups in the caller's language (app.dicts) and System → Dictionaries. Its routes are under /boot. */
export default fp(
  async (app) => {
    app.decorate('dicts', createDictService(createDictRepository(app.db)));
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-dict' },
);
