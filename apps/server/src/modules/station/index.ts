import fp from 'fastify-plugin';
import routes from './station.routes.js';

/** The station module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-station', dependencies: ['module-data-log', 'module-device', 'module-dict'] },
);
