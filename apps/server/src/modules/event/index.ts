import fp from 'fastify-plugin';
import routes from './event.routes.js';

/** The event module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-event', dependencies: ['module-device', 'module-dict'] },
);
