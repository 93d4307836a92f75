import fp from 'fastify-plugin';
import { type LogBook, createLogBook } from './log.face.js';
import { createLogRepository } from './log.repository.js';
import { createLogListService, createLogService } from './log.service.js';
import operationLogPlugin from './operation-log.plugin.js';
import routes from './log.routes.js';

export type { LogBook } from './log.face.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The log module's face (modules/log/log.face.ts). */
    logs: LogBook;
  }
}

/** The log module's one door: the operation log of every write, System → Logs, and what others log (app.logs). Its routes are under /boot. */
export default fp(
  async (app) => {
    const logs = createLogRepository(app.db);
    app.decorate('logs', createLogBook(logs));
    await app.register(operationLogPlugin, { logs });
    await app.register(routes, { prefix: '/boot', list: createLogListService(logs, app.dicts), counters: createLogService(logs) });
  },
  { name: 'module-log', dependencies: ['module-dict'] },
);
