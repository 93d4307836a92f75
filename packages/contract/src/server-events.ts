import { z } from 'zod';
import { text } from './text.js';

/**
 * Typed events the server pushes to signed-in browsers over `/boot/websocket`. Each event is an
 * invalidation signal: the client refreshes what it names. New payload shapes get new names.
 */
export const serverEventSchemas = {
  /** The session was ended elsewhere (password change, logout, account frozen). */
  'session.revoked': z.object({ reason: z.enum(['logout', 'password-changed', 'frozen', 'deleted', 'role-removed']) }),
  /** A user record changed (Users screen refreshes). */
  'user.changed': z.object({ ids: z.array(text()) }),
  /** A logger went online or offline. */
  'logger.state': z.object({ gsn: text(), online: z.boolean() }),
  /** A logger reported batteries for the first time (they now have a latest reading). */
  'battery.added': z.object({ gsn: text(), batterySns: z.array(text()) }),
  /**
   * Loggers' batteries stored new readings: per logger the newest sample's time (ms since epoch).
   * Gathered on the server for `liveReadingsIntervalMs` and sent as one event per audience, so a
   * busy fleet costs a browser a few messages a second; battery lists and pages refresh.
   */
  'battery.reading': z.object({ loggers: z.array(z.object({ gsn: text(), ts: z.number().int() })) }),
  /** A battery change was recorded (detected, moved or entered by hand): the battery change records refresh. */
  'battery.changed': z.object({ gsn: text(), oldSn: text(), newSn: text(), source: text() }),
  /** A device event opened or closed. */
  'device.event': z.object({ gsn: text(), batterySn: text().nullable(), type: text(), code: text(), state: z.enum(['open', 'closed']) }),
  /** Events were acknowledged in a console (the events screen refreshes). */
  'event.acknowledged': z.object({ ids: z.array(text()) }),
  /** A remote command moved on (sent, acknowledged, progress, failed, timed out). */
  'command.updated': z.object({ id: text(), gsn: text(), status: text(), progress: z.number().nullable() }),
  /** A ticket was filed, replied to or moved on: its parties' lists and detail pages refresh. */
  'ticket.changed': z.object({ id: text(), orderNo: text(), status: text(), change: z.enum(['created', 'replied', 'status']) }),
  /** Stations were created, edited or deleted, or loggers were bound to them or unbound. */
  'station.changed': z.object({ ids: z.array(text()) }),
  /** The user's menu or button permissions changed (a role's grants, the user's roles, the menu tree): the console reloads them. */
  'permissions.changed': z.object({}),
  /**
   * Announcements a user reads changed: one was published or revoked, a system message arrived, or
   * the user read some (other tabs). The bell and the user's announcement list read again.
   */
  'announcement.changed': z.object({ ids: z.array(text()) }),
  /** Dictionaries changed or their cache was refreshed: the console reloads them. */
  'dictionaries.changed': z.object({}),
} as const;

/** How long the server gathers stored readings before it tells the browsers (`battery.reading`). */
export const liveReadingsIntervalMs = 500;

export type ServerEventName = keyof typeof serverEventSchemas;
export type ServerEventMap = { [K in ServerEventName]: z.infer<(typeof serverEventSchemas)[K]> };

export interface ServerEventMessage<K extends ServerEventName = ServerEventName> {
  event: K;
  data: ServerEventMap[K];
  at: number;
  /** JeecgBoot's notice command, on the events of `jeecgNoticeCommands`. */
  cmd?: 'user';
}

/**
 * Events that also carry JeecgBoot's notice command, on which its console reloads its bell:
 * announcements reach each of their readers by name ('user').
 */
export const jeecgNoticeCommands: Partial<Record<ServerEventName, NonNullable<ServerEventMessage['cmd']>>> = { 'announcement.changed': 'user' };

/** What a client may send: heartbeats only. */
export const clientHeartbeat = 'HeartBeat';
export const websocketHeartbeatMs = 10_000;
export const websocketReconnectMs = 5_000;
