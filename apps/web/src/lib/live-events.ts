import {
  type ServerEventMessage,
  type ServerEventName,
  clientHeartbeat,
  serverEventSchemas,
  websocketHeartbeatMs,
  websocketReconnectMs,
} from '@cellsight/contract';
import { openKeptSocket } from './kept-socket';

/** How long to wait for any answer after a heartbeat before the line counts as dead (spec section 7). */
const heartbeatTimeoutMs = 6_000;

export type LiveEventHandler = (message: ServerEventMessage) => void;

const listeners = new Set<LiveEventHandler>();

/** Hears every live event the console's one socket receives (a screen that shows events as they come); returns the unsubscribe. */
export const onLiveEvent = (handler: LiveEventHandler): (() => void) => {
  listeners.add(handler);
  return () => {
    listeners.delete(handler);
  };
};

/** Hands a received event to the screens listening (called by the console's socket). */
export const publishLiveEvent = (message: ServerEventMessage): void => {
  for (const listener of listeners) listener(message);
};

/**
 * Keeps a websocket to the server open while signed in: heartbeat every 10 s, reconnect 5 s after a
 * close or a missed heartbeat (spec sections 4, 7 and 9). Only events of the contract's event map
 * reach the handler. Returns a function that closes it for good.
 */
export function connectLiveEvents(token: string, onEvent: LiveEventHandler, createSocket?: (url: string, protocols?: string[]) => WebSocket): () => void {
  const socket = openKeptSocket({
    path: '/websocket',
    protocols: [token],
    heartbeat: clientHeartbeat,
    heartbeatMs: websocketHeartbeatMs,
    timeoutMs: heartbeatTimeoutMs,
    reconnectMs: websocketReconnectMs,
    createSocket,
    onText: (text) => {
      if (text === clientHeartbeat) return;
      try {
        const message = JSON.parse(text) as ServerEventMessage;
        const schema = serverEventSchemas[message.event as ServerEventName];
        if (schema?.safeParse(message.data).success) onEvent(message);
      } catch {
        // Not an event of ours: ignore it.
      }
    },
  });
  return socket.close;
}
