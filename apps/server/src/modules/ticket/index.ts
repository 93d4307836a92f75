import fp from 'fastify-plugin';
import routes from './ticket.routes.js';

/** The ticket module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-ticket', dependencies: ['module-announcement', 'module-dict', 'module-file', 'module-fill-rule', 'module-outbox'] },
);
