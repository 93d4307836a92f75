import fp from 'fastify-plugin';
import { LogType, OperateType, createLogRepository } from '../modules/log/log.repository.js';

const operateTypeOf = (method: string, url: string): number => {
  if (/\/(add|register)\b/.test(url) || method === 'POST') return OperateType.Add;
  if (method === 'DELETE' || /\/delete/.test(url)) return OperateType.Delete;
  return OperateType.Edit;
};

/** Records every change a signed-in user makes (operation log, log_type 2). */
export default fp(
  async (app) => {
    const logs = createLogRepository(app.db);
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || !request.auth || !request.url.startsWith('/boot')) return;
      const url = request.url.split('?')[0] ?? request.url;
      if (url === '/boot/sys/logout') return; // already in the login log
      try {
        await logs.add({
          logType: LogType.Operation,
          logContent: `${request.method} ${url} → ${reply.statusCode}`,
          operateType: operateTypeOf(request.method, url),
          userid: request.auth.username,
          username: request.auth.realname,
          ip: request.ip,
          method: request.routeOptions.url ?? url,
          requestUrl: url.slice(0, 255),
          requestType: request.method,
          costTime: Math.round(reply.elapsedTime),
        });
      } catch (error) {
        request.log.warn({ err: error }, 'could not write the operation log');
      }
    });
  },
  { name: 'operation-log', dependencies: ['database', 'auth'] },
);
