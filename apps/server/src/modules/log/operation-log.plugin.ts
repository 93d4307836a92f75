import fp from 'fastify-plugin';
import { redactSecrets } from '../../lib/log-redaction.js';
import { type LogRepository, LogType, OperateType } from './log.repository.js';

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
  interface FastifyInstance {
    /**
     * The operation log's writes happen after the answer is sent: `settled()` resolves once those
     * under way are stored (a reader who must see a change's row, and a closing app, wait for it).
     */
    operationLog: { settled(): Promise<void> };
  }
}

/** Records every change a signed-in user makes (operation log, log_type 2), one row per call. */
export default fp<{ logs: LogRepository }>(
  async (app, { logs }) => {
    const pending = new Set<Promise<void>>();
    const settled = async (): Promise<void> => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    };
    app.decorate('operationLog', { settled });
    // A closing app stores the rows of the calls it answered before the database closes.
    app.addHook('preClose', settled);
    app.decorateRequest('operationNote', null);
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || !request.auth || !request.url.startsWith('/boot')) return;
      // The path only, and without a secret it may carry (a sign-in ticket in the path): the log is read by administrators.
      const url = redactSecrets(request.url.split('?')[0] ?? request.url);
      if (url === '/boot/sys/logout') return; // already in the login log
      const { auth } = request;
      const write = (async () => {
        await logs.add({
          logType: LogType.Operation,
          logContent: request.operationNote ?? `${request.method} ${url} → ${reply.statusCode}`,
          operateType: operateTypeOf(request.method, url),
          userid: auth.username,
          username: auth.realname,
          ip: request.ip,
          method: request.routeOptions.url ?? url,
          requestUrl: url.slice(0, 255),
          requestType: request.method,
          costTime: Math.round(reply.elapsedTime),
        });
      })().catch((error: unknown) => request.log.warn({ err: error }, 'could not write the operation log'));
      pending.add(write);
      try {
        await write;
      } finally {
        pending.delete(write);
      }
    });
  },
  { name: 'operation-log', dependencies: ['database', 'auth'] },
);
