import fp from 'fastify-plugin';
import { redactSecrets } from '../lib/log-redaction.js';
import { LogType, OperateType, createLogRepository } from '../modules/log/log.repository.js';

const operateTypeOf = (method: string, url: string): number => {
  if (/\/(add|register)\b/.test(url) || method === 'POST') return OperateType.Add;
  if (method === 'DELETE' || /\/delete/.test(url)) return OperateType.Delete;
  return OperateType.Edit;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** What the change did, in words, when the route knows more than its method and path (which logger, which battery). */
    operationNote: string | null;
  }
}

/** Records every change a signed-in user makes (operation log, log_type 2), one row per call. */
export default fp(
  async (app) => {
    const logs = createLogRepository(app.db);
    app.decorateRequest('operationNote', null);
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || !request.auth || !request.url.startsWith('/boot')) return;
      // The path only, and without a secret it may carry (a sign-in ticket in the path): the log is read by administrators.
      const url = redactSecrets(request.url.split('?')[0] ?? request.url);
      if (url === '/boot/sys/logout') return; // already in the login log
      try {
        await logs.add({
          logType: LogType.Operation,
          logContent: request.operationNote ?? `${request.method} ${url} → ${reply.statusCode}`,
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
