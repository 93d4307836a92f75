import fp from 'fastify-plugin';
import devicePlanePlugin from './device-plane.plugin.js';
import demoFleetPlugin from './demo-fleet.plugin.js';
import routes from './device.routes.js';

/** The device module's one door: the device plane (app.devicePlane: broker, ingest, commands), the demo fleet, loggers and batteries. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(devicePlanePlugin, { config: app.config });
    await app.register(demoFleetPlugin, { config: app.config });
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-device', dependencies: ['module-announcement', 'module-data-log', 'module-dict', 'module-job'] },
);
