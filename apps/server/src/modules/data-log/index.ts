import fp from 'fastify-plugin';
import { createDataLogRepository } from './data-log.repository.js';
import { createDataLogRecorder, createDataLogService } from './data-log.service.js';
import routes from './data-log.routes.js';

export type { DataLogExecutor } from './data-log.repository.js';

/** The data-log module's one door: services that change stations, loggers, battery settings, users and roles record each change (app.dataLog); System → Data log reads them. Its routes are under /boot. */
export default fp(
  async (app) => {
    const repository = createDataLogRepository(app.db);
    app.decorate('dataLog', createDataLogRecorder(repository));
    await app.register(routes, { prefix: '/boot', service: createDataLogService(repository, app.dicts) });
  },
  { name: 'module-data-log', dependencies: ['module-dict'] },
);
