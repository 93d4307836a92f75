import fp from 'fastify-plugin';
import routes from './battery-change.routes.js';

/** The battery-change module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-battery-change', dependencies: ['module-device', 'module-dict'] },
);
