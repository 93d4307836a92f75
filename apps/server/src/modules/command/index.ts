import fp from 'fastify-plugin';
import routes from './command.routes.js';

/** The command module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-command', dependencies: ['module-device'] },
);
