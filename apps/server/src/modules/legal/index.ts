import fp from 'fastify-plugin';
import { createLegalRepository } from './legal.repository.js';
import { createLegalService } from './legal.service.js';
import routes from './legal.routes.js';

/** The legal module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    const service = createLegalService(createLegalRepository(app.db));
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-legal' },
);
