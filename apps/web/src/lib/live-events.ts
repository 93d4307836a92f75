import {
  type ServerEventMessage,
  type ServerEventName,
  clientHeartbeat,
  serverEventSchemas,
  websocketHeartbeatMs,
  websocketReconnectMs,
} from '@cellsight/contract';
import { apiBase } from './api-client';

/** How long to wait for any answer after a heartbeat before the line counts as dead (spec section 7). */
const heartbeatTimeoutMs = 6_000;
/** Close code the server uses when it ends a session; reconnecting would be pointless. */
const sessionEndedCode = 4001;

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
export function connectLiveEvents(token: string, onEvent: LiveEventHandler, createSocket: (url: string) => WebSocket = (url) => new WebSocket(url)): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let heartbeat: number | undefined;
  let deadline: number | undefined;
  let reconnect: number | undefined;

  const clearTimers = () => {
    window.clearInterval(heartbeat);
    window.clearTimeout(deadline);
  };

  const open = () => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = createSocket(`${scheme}://${window.location.host}${apiBase}/websocket?token=${encodeURIComponent(token)}`);
    socket = ws;
    ws.onopen = () => {
      heartbeat = window.setInterval(() => {
        ws.send(clientHeartbeat);
        window.clearTimeout(deadline);
        deadline = window.setTimeout(() => ws.close(), heartbeatTimeoutMs);
      }, websocketHeartbeatMs);
    };
    ws.onmessage = (event: MessageEvent<string>) => {
      window.clearTimeout(deadline);
      if (event.data === clientHeartbeat) return;
      try {
        const message = JSON.parse(event.data) as ServerEventMessage;
        const schema = serverEventSchemas[message.event as ServerEventName];
        if (schema?.safeParse(message.data).success) onEvent(message);
      } catch {
        // Not an event of ours: ignore it.
      }
    };
    ws.onclose = (event) => {
      clearTimers();
      if (stopped || event.code === sessionEndedCode) return;
      reconnect = window.setTimeout(open, websocketReconnectMs);
    };
  };

  open();
  return () => {
    stopped = true;
    clearTimers();
    window.clearTimeout(reconnect);
    socket?.close();
  };
}
