import { VxeSocketType, vxeSocketMessageSchema, vxeSocketParamsSchema } from '@cellsight/contract';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { forbidden, invalidField } from '../lib/errors.js';
import { requireAuth } from './auth.plugin.js';

interface PageConnection {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  /** The tenant and page the socket edits: only consoles on the same one hear each other. */
  room: string;
}

/**
 * `/vxeSocket/{userId}/{pageId}` (spec section 7): consoles editing the same grid page hear of each
 * other's saves. The user in the path must be the signed-in one. A message only tells the others
 * that rows changed; what they show comes from the server's own answer when they reload.
 */
export default fp(
  async (app) => {
    const rooms = new Map<string, Set<PageConnection>>();
    // A session that ends (sign-out, revoked, on any process) loses its grid sockets too, like its /websocket.
    app.realtime.onSessionsEnded((sessionIds) => {
      for (const room of rooms.values()) for (const c of room) if (sessionIds.includes(c.sessionId)) c.socket.close(4001, 'session ended');
    });
    app.get(
      '/boot/vxeSocket/:userId/:pageId',
      {
        websocket: true,
        config: { access: 'authenticated', scope: 'none' },
        schema: { hide: true },
        // Refused before the upgrade, as an ordinary 400 or 403 answer.
        preHandler: async (request) => {
          const params = vxeSocketParamsSchema.safeParse(request.params);
          if (!params.success) throw invalidField(String(params.error.issues[0]?.path[0] ?? 'pageId'), params.error.issues[0]?.message ?? 'is not valid');
          if (params.data.userId !== requireAuth(request).userId) throw forbidden('The socket belongs to another user');
        },
      },
      (socket, request) => {
        const auth = requireAuth(request);
        const { pageId } = request.params as { pageId: string };
        const connection: PageConnection = { socket, userId: auth.userId, sessionId: auth.sessionId, room: `${auth.tenantId ?? ''}/${pageId}` };
        const room = rooms.get(connection.room) ?? new Set<PageConnection>();
        rooms.set(connection.room, room.add(connection));
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
          const text = JSON.stringify(message.data);
          for (const other of room) if (other !== connection && other.socket.readyState === other.socket.OPEN) other.socket.send(text);
        });
        socket.on('close', () => {
          room.delete(connection);
          if (room.size === 0) rooms.delete(connection.room);
        });
      },
    );
    app.addHook('onClose', async () => {
      for (const room of rooms.values()) for (const c of room) c.socket.close(1001, 'server shutting down');
    });
  },
  { name: 'vxe-socket', dependencies: ['auth', 'realtime'] },
);
