import { AccountType, type ServerEventMap, type ServerEventMessage, type ServerEventName, clientHeartbeat } from '@cellsight/contract';
import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { createTenantRepository } from '../modules/tenant/tenant.repository.js';
import { adminRoom, userRoom } from '../modules/station/station-scope.js';
import { requireAuth } from './auth.plugin.js';

interface Connection {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  /** Rooms the connection hears: the user's own, and an administrator's tenants (`station-scope.ts`). */
  rooms: Set<string>;
}

/** Pushes typed events to signed-in browsers. One process holds its own sockets. */
export interface Realtime {
  toUsers<K extends ServerEventName>(userIds: readonly string[], event: K, data: ServerEventMap[K]): void;
  /** To every connection in any of the rooms (`adminRoom`, `userRoom` of `modules/station/station-scope.ts`). */
  toRooms<K extends ServerEventName>(rooms: readonly string[], event: K, data: ServerEventMap[K]): void;
  /**
   * To each connection what `dataFor` makes of the rooms it is in (nothing when it answers null):
   * one message per connection where a per-room send would repeat itself for a user in several.
   */
  toConnections<K extends ServerEventName>(event: K, dataFor: (rooms: ReadonlySet<string>) => ServerEventMap[K] | null): void;
  /** To every signed-in browser (system-wide changes: the menu tree, dictionaries). */
  toEveryone<K extends ServerEventName>(event: K, data: ServerEventMap[K]): void;
  /** Closes the sockets of ended sessions after telling them why. */
  endSessions(sessionIds: readonly string[], reason: ServerEventMap['session.revoked']['reason']): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export default fp(
  async (app) => {
    const connections = new Set<Connection>();
    const send = <K extends ServerEventName>(targets: Iterable<Connection>, event: K, data: ServerEventMap[K]) => {
      const message: ServerEventMessage<K> = { event, data, at: Date.now() };
      const text = JSON.stringify(message);
      for (const c of targets) if (c.socket.readyState === c.socket.OPEN) c.socket.send(text);
    };
    const realtime: Realtime = {
      toUsers: (userIds, event, data) => send([...connections].filter((c) => userIds.includes(c.userId)), event, data),
      toRooms: (rooms, event, data) => send([...connections].filter((c) => rooms.some((room) => c.rooms.has(room))), event, data),
      toConnections(event, dataFor) {
        for (const c of connections) {
          const data = dataFor(c.rooms);
          if (data !== null) send([c], event, data);
        }
      },
      toEveryone: (event, data) => send(connections, event, data),
      endSessions(sessionIds, reason) {
        const ended = [...connections].filter((c) => sessionIds.includes(c.sessionId));
        send(ended, 'session.revoked', { reason });
        for (const c of ended) c.socket.close(4001, 'session ended');
      },
    };
    app.decorate('realtime', realtime);

    const tenants = createTenantRepository(app.db);
    await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
    app.get('/boot/websocket', { websocket: true, config: { access: 'authenticated' }, schema: { hide: true } }, async (socket, request) => {
      const auth = requireAuth(request);
      // Rooms are read before any message can arrive, so no event is missed. Devices are heard by the
      // same rule that lets their records be read: administrators hear their tenants' devices, everyone
      // else those of the stations they see (the device plane addresses each event to those users).
      socket.pause();
      const own = auth.accountType === AccountType.Admin ? await tenants.activeForUser(auth.userId) : [];
      const rooms = new Set([userRoom(auth.userId), ...(auth.tenantId ? own.filter((t) => t.id === auth.tenantId) : own).map((t) => adminRoom(t.id))]);
      socket.resume();
      const connection: Connection = { socket, userId: auth.userId, sessionId: auth.sessionId, rooms };
      connections.add(connection);
      socket.on('message', (raw: Buffer) => {
        // The only thing a browser sends is its heartbeat; answer so it knows the line is alive.
        if (raw.toString() === clientHeartbeat && socket.readyState === socket.OPEN) socket.send(clientHeartbeat);
      });
      socket.on('close', () => connections.delete(connection));
    });
    app.addHook('onClose', async () => {
      for (const c of connections) c.socket.close(1001, 'server shutting down');
    });
  },
  { name: 'realtime', dependencies: ['auth'] },
);
