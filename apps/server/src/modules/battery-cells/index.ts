import fp from 'fastify-plugin';
import routes from './battery-cells.routes.js';

/** The battery-cells module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-battery-cells', dependencies: ['module-device'] },
);
