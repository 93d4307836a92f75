import fp from 'fastify-plugin';
import routes from './firmware.routes.js';

/** The firmware module's one door: the library's routes, on the service the device plane built (app.devicePlane.firmware). Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot', service: app.devicePlane.firmware });
  },
  { name: 'module-firmware', dependencies: ['module-device', 'module-dict'] },
);
