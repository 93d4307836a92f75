import { type VxeGridPage, VxeSocketType, parseVxeGridPageId, vxeGridPages, vxeSocketMessageSchema, vxeSocketParamsSchema } from '@cellsight/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { forbidden, invalidField, notFound } from '../lib/errors.js';

import { requireAuth } from '../access/auth-context.js';

interface PageConnection {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  /** The tenants the console works in: it hears and reaches only consoles of one of them. */
  tenantIds: ReadonlySet<number>;
  /** Whether its user may save the page's rows, and so tell the others (`vxeGridPages[page].save`). */
  maySave: boolean;
}

/** What the handshake settled about a socket, for its handler. */
interface Admission {
  pageId: string;
  tenantIds: ReadonlySet<number>;
  maySave: boolean;
}

/**
 * `/vxeSocket/{userId}/{pageId}` (spec section 7): consoles editing the same grid page hear of each
 * other's saves. The user in the path must be the signed-in one, the page one of the contract's
 * `vxeGridPages` whose record exists, and the user one who may open it; a message reaches only the
 * consoles on the page that share a tenant with the sender, and only from a user who may save there.
 * A message only tells the others that rows changed; what they show comes from the server's own
 * answer when they reload.
 */
export default fp(
  async (app) => {
    const tenants = app.tenantMemberships;
    /** Whether the record of a grid page exists (a page of a record that does not is no page at all). */
    const recordExists: Record<VxeGridPage, (id: string) => Promise<boolean>> = {
      'dict-items': (dictId) => app.dicts.exists(dictId),
    };
    const admissions = new WeakMap<FastifyRequest, Admission>();
    const rooms = new Map<string, Set<PageConnection>>();
    // A session that ends (sign-out, revoked, on any process) loses its grid sockets too, like its /websocket.
    app.realtime.onSessionsEnded((sessionIds) => {
      for (const room of rooms.values()) for (const c of room) if (sessionIds.includes(c.sessionId)) c.socket.close(4001, 'session ended');
    });
    app.get(
      '/boot/vxeSocket/:userId/:pageId',
      {
        websocket: true,
        config: { access: 'authenticated', tenancy: 'tenant', scope: 'none' },
        schema: { hide: true },
        // Refused before the upgrade, as an ordinary 400 or 403 answer.
        preHandler: async (request) => {
          const params = vxeSocketParamsSchema.safeParse(request.params);
          if (!params.success) throw invalidField(String(params.error.issues[0]?.path[0] ?? 'pageId'), params.error.issues[0]?.message ?? 'is not valid');
          const auth = requireAuth(request);
          if (params.data.userId !== auth.userId) throw forbidden('The socket belongs to another user');
          const named = parseVxeGridPageId(params.data.pageId);
          if (!named) throw invalidField('pageId', `names no grid page (${Object.keys(vxeGridPages).join(', ')})`);
          const { open, save } = vxeGridPages[named.page];
          // Who may not open the page may not sit in its room either: first, so it learns nothing of the record.
          if (!open.some((code) => auth.permissions.has(code))) throw forbidden('No permission to open this grid page');
          if (!(await recordExists[named.page](named.recordId))) throw notFound(`${named.page} ${named.recordId}`, 'pageId');
          // A socket cannot send the tenant-id header: its tenants are all the user's own, unless a client chose one.
          const own = (await tenants.activeForUser(auth.userId)).map((tenant) => tenant.id);
          admissions.set(request, {
            pageId: params.data.pageId,
            tenantIds: new Set(auth.tenantId ? own.filter((id) => id === auth.tenantId) : own),
            maySave: save.some((code) => auth.permissions.has(code)),
          });
        },
      },
      (socket, request) => {
        const auth = requireAuth(request);
        const admission = admissions.get(request);
        if (!admission) {
          socket.close(1011, 'not admitted');
          return;
        }
        const { pageId, tenantIds, maySave } = admission;
        const connection: PageConnection = { socket, userId: auth.userId, sessionId: auth.sessionId, tenantIds, maySave };
        const room = rooms.get(pageId) ?? new Set<PageConnection>();
        rooms.set(pageId, room.add(connection));
        const sharesTenant = (other: PageConnection) => [...other.tenantIds].some((id) => tenantIds.has(id));
        socket.on('message', (raw: Buffer) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(raw.toString());
          } catch {
            return;
          }
          const message = vxeSocketMessageSchema.safeParse(parsed);
          if (!message.success || socket.readyState !== socket.OPEN) return;
          if (message.data.type === VxeSocketType.HeartBeat) {
            socket.send(JSON.stringify({ type: VxeSocketType.HeartBeat, data: 'pong' }));
            return;
          }
          // Only who may save the rows tells others they changed; only consoles of its tenants hear it.
          if (!maySave) return;
          const text = JSON.stringify(message.data);
          for (const other of room) if (other !== connection && sharesTenant(other) && other.socket.readyState === other.socket.OPEN) other.socket.send(text);
        });
        socket.on('close', () => {
          room.delete(connection);
          if (room.size === 0) rooms.delete(pageId);
        });
      },
    );
    app.addHook('onClose', async () => {
      for (const room of rooms.values()) for (const c of room) c.socket.close(1001, 'server shutting down');
    });
  },
  { name: 'vxe-socket', dependencies: ['auth', 'realtime'] },
);
