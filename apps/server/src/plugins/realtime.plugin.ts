import { AccountType, type ServerEventMap, type ServerEventMessage, type ServerEventName, clientHeartbeat, jeecgNoticeCommands } from '@cellsight/contract';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';

import { adminRoom, userRoom } from '../access/station-scope.js';
import { requireAuth } from '../access/auth-context.js';
import { type RealtimeBus, createRedisRealtimeBus } from './realtime-bus.transport.js';

interface Connection {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  /** Rooms the connection hears: the user's own, and an administrator's tenants (`station-scope.ts`). */
  rooms: Set<string>;
}

/** Pushes typed events to signed-in browsers, on every server process (through Redis when REDIS_URL is set). */
export interface Realtime {
  toUsers<K extends ServerEventName>(userIds: readonly string[], event: K, data: ServerEventMap[K]): void;
  /** To every connection in any of the rooms (`adminRoom`, `userRoom` of `access/station-scope.ts`). */
  toRooms<K extends ServerEventName>(rooms: readonly string[], event: K, data: ServerEventMap[K]): void;
  /**
   * One part of the event per room; each connection hears once the parts of the rooms it is in,
   * merged (an administrator is in its own room and its tenant's), and nothing when none has a part.
   */
  toRoomParts<K extends PartedEventName>(event: K, parts: Readonly<Record<string, ServerEventMap[K]>>): void;
  /** Tells these users' browsers to reload their menu and buttons (a role, department or grant of theirs changed). */
  permissionsChanged(userIds: readonly string[]): void;
  /** Tells these users' browsers that their account changed (the Users screen and their own profile reload). */
  usersChanged(userIds: readonly string[]): void;
  /** To every signed-in browser (system-wide changes: the menu tree, dictionaries). */
  toEveryone<K extends ServerEventName>(event: K, data: ServerEventMap[K]): void;
  /** Closes the sockets of ended sessions after telling them why, on every process. */
  endSessions(sessionIds: readonly string[], reason: ServerEventMap['session.revoked']['reason']): void;
  /** Called on every process when sessions end (other sockets of theirs close too: the grid's). */
  onSessionsEnded(listener: (sessionIds: readonly string[]) => void): void;
}

/** How the parts of one event heard through several rooms make one message. */
const mergeParts = {
  // Each logger once, with its newest sample time.
  'battery.reading': (parts: ServerEventMap['battery.reading'][]): ServerEventMap['battery.reading'] => {
    const newest = new Map<string, number>();
    for (const part of parts) for (const { gsn, ts } of part.loggers) if ((newest.get(gsn) ?? -Infinity) < ts) newest.set(gsn, ts);
    return { loggers: [...newest].map(([gsn, ts]) => ({ gsn, ts })) };
  },
} satisfies { [K in ServerEventName]?: (parts: ServerEventMap[K][]) => ServerEventMap[K] };
type PartedEventName = keyof typeof mergeParts;

/**
 * One send, as it travels between processes (JSON): every process hands it to its own sockets.
 * `at` is the moment of the origin, so every browser sees the same.
 */
type Delivery =
  | { to: 'users'; userIds: readonly string[]; event: ServerEventName; data: unknown; at: number }
  | { to: 'rooms'; rooms: readonly string[]; event: ServerEventName; data: unknown; at: number }
  | { to: 'roomParts'; event: PartedEventName; parts: Readonly<Record<string, ServerEventMap[PartedEventName]>>; at: number }
  | { to: 'everyone'; event: ServerEventName; data: unknown; at: number }
  | { to: 'sessions'; sessionIds: readonly string[]; reason: ServerEventMap['session.revoked']['reason']; at: number };

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export default fp(
  async (app) => {
    const connections = new Set<Connection>();
    const sessionListeners: ((sessionIds: readonly string[]) => void)[] = [];
    const send = (targets: Iterable<Connection>, event: ServerEventName, data: unknown, at: number) => {
      const cmd = jeecgNoticeCommands[event];
      const text = JSON.stringify({ event, data, at, ...(cmd ? { cmd } : {}) } as ServerEventMessage);
      for (const c of targets) if (c.socket.readyState === c.socket.OPEN) c.socket.send(text);
    };
    /** Hands a delivery to this process's own sockets. */
    const deliver = (delivery: Delivery) => {
      switch (delivery.to) {
        case 'users':
          return send([...connections].filter((c) => delivery.userIds.includes(c.userId)), delivery.event, delivery.data, delivery.at);
        case 'rooms':
          return send([...connections].filter((c) => delivery.rooms.some((room) => c.rooms.has(room))), delivery.event, delivery.data, delivery.at);
        case 'roomParts': {
          const merge = mergeParts[delivery.event];
          for (const c of connections) {
            const heard = [...c.rooms].flatMap((room) => delivery.parts[room] ?? []);
            if (heard.length > 0) send([c], delivery.event, merge(heard), delivery.at);
          }
          return;
        }
        case 'everyone':
          return send(connections, delivery.event, delivery.data, delivery.at);
        case 'sessions': {
          const ended = [...connections].filter((c) => delivery.sessionIds.includes(c.sessionId));
          send(ended, 'session.revoked', { reason: delivery.reason }, delivery.at);
          for (const c of ended) c.socket.close(4001, 'session ended');
          for (const listener of sessionListeners) listener(delivery.sessionIds);
          return;
        }
      }
    };
    // With REDIS_URL every process hears every send (a browser on one process sees what another
    // ingested); without it this process is the only one.
    const bus: RealtimeBus<Delivery> | null = app.redis
      ? createRedisRealtimeBus<Delivery>({ publisher: app.redis.client, subscriber: app.redis.duplicate(), channel: `${app.redis.prefix}realtime`, receive: deliver, log: app.log })
      : null;
    const dispatch = (delivery: Delivery) => {
      deliver(delivery);
      bus?.publish(delivery);
    };
    const realtime: Realtime = {
      toUsers: (userIds, event, data) => dispatch({ to: 'users', userIds, event, data, at: Date.now() }),
      toRooms: (rooms, event, data) => dispatch({ to: 'rooms', rooms, event, data, at: Date.now() }),
      toRoomParts: (event, parts) => dispatch({ to: 'roomParts', event, parts, at: Date.now() }),
      permissionsChanged: (userIds) => realtime.toUsers(userIds, 'permissions.changed', {}),
      usersChanged: (userIds) => realtime.toUsers(userIds, 'user.changed', { ids: [...userIds] }),
      toEveryone: (event, data) => dispatch({ to: 'everyone', event, data, at: Date.now() }),
      endSessions: (sessionIds, reason) => dispatch({ to: 'sessions', sessionIds, reason, at: Date.now() }),
      onSessionsEnded: (listener) => void sessionListeners.push(listener),
    };
    app.decorate('realtime', realtime);

    const tenants = app.tenantMemberships;
    await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
    const socketRoute = { websocket: true, config: { access: 'authenticated', tenancy: 'tenant', scope: 'none' }, schema: { hide: true } } as const;
    const open = async (socket: WebSocket, request: FastifyRequest) => {
      const auth = requireAuth(request);
      // JeecgBoot's consoles name the signed-in user in the path: only one's own socket opens.
      const { userId } = (request.params ?? {}) as { userId?: string };
      if (userId !== undefined && userId !== auth.userId) {
        socket.close(1008, 'not your socket');
        return;
      }
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
    };
    app.get('/boot/websocket', socketRoute, open);
    // JeecgBoot's notice socket (`/jeecg-boot/websocket/{userId}`, the token as its subprotocol).
    app.get('/boot/websocket/:userId', socketRoute, open);
    app.addHook('onClose', async () => {
      await bus?.close();
      for (const c of connections) c.socket.close(1001, 'server shutting down');
    });
  },
  { name: 'realtime', dependencies: ['auth', 'redis'] },
);
