import fp from 'fastify-plugin';
import routes from './firmware.routes.js';

/** The firmware module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-firmware', dependencies: ['module-device', 'module-dict'] },
);
