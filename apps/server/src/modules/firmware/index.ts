import fp from 'fastify-plugin';
import { createFirmwareRepository } from './firmware.repository.js';
import { type FirmwareService, createFirmwareService } from './firmware.service.js';
import routes from './firmware.routes.js';

export type { FirmwareService } from './firmware.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The firmware library (modules/firmware): commands name its files in upgrades, the demo fleet fills it. */
    firmware: FirmwareService;
  }
}

/** The firmware module's one door: the library (app.firmware) and its routes under /boot. */
export default fp(
  async (app) => {
    const firmware = createFirmwareService({
      firmware: createFirmwareRepository(app.db, app.config.firmwareDir),
      tenants: app.tenantMemberships,
      dicts: app.dicts,
      findLogger: (gsn) => app.loggers.findLogger(gsn),
    });
    app.decorate('firmware', firmware);
    await app.register(routes, { prefix: '/boot', service: firmware });
  },
  { name: 'module-firmware', dependencies: ['module-logger', 'module-dict'] },
);
