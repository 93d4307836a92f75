import fp from 'fastify-plugin';
import routes from './gateway-route.routes.js';

/** The gateway-route module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-gateway-route', dependencies: ['module-dict'] },
);
