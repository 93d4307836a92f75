import fp from 'fastify-plugin';
import outboxPlugin from './outbox.plugin.js';
import routes from './outbox.routes.js';

/** The outbox module's one door: mail and text messages sent through the outbox (app.outbox). Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(outboxPlugin);
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-outbox', dependencies: ['module-dict', 'module-job'] },
);
