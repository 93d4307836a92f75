import fp from 'fastify-plugin';
import { createDictRepository } from './dict.repository.js';
import { createDictService } from './dict.service.js';
import { createDictAdminService } from './dict-admin.service.js';
import routes from './dict.routes.js';

/** The dict module's one door: dictionary lookups in the caller's language (app.dicts) and System → Dictionaries. Its routes are under /boot. */
export default fp(
  async (app) => {
    const repository = createDictRepository(app.db);
    app.decorate('dicts', createDictService(repository));
    const admin = createDictAdminService({
      repository,
      dicts: app.dicts,
      // Every console reloads its dictionaries once the cache no longer holds the old ones.
      onChanged: () => {
        app.dicts.invalidate();
        app.realtime.toEveryone('dictionaries.changed', {});
      },
    });
    await app.register(routes, { prefix: '/boot', admin });
  },
  { name: 'module-dict' },
);
