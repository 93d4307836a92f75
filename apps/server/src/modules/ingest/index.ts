import fp from 'fastify-plugin';
import { createRefusalRepository } from './refusal.repository.js';
import { createRefusalService } from './refusal.service.js';
import routes from './ingest.routes.js';

/** The ingest module's one door: a logger's refused messages (its diagnostics). Its routes are under /boot. */
export default fp(
  async (app) => {
    const service = createRefusalService(createRefusalRepository(app.db), app.devices);
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-ingest', dependencies: ['module-device'] },
);
