import { apiBase } from './api-client';

/** Close code the server uses when it ends a session; reconnecting would be pointless. */
export const sessionEndedCode = 4001;

export interface KeptSocketOptions {
  /** Where under the API (`/websocket`). */
  path: string;
  /**
   * The subprotocols offered on the handshake: the console's sockets offer the session token there
   * (the server reads it from `Sec-WebSocket-Protocol`), so no URL, and no access log, carries it.
   */
  protocols?: string[];
  /** What is sent every `heartbeatMs` while open. */
  heartbeat: string;
  heartbeatMs: number;
  /** A line silent this long after a heartbeat counts as dead and is closed. */
  timeoutMs: number;
  /** How long after a close a new connection is opened. */
  reconnectMs: number;
  /** Every text frame received (the heartbeat's echo too). */
  onText: (text: string) => void;
  createSocket?: (url: string, protocols?: string[]) => WebSocket;
}

export interface KeptSocket {
  /** Sends when the line is open; answers whether it was. */
  send: (text: string) => boolean;
  /** Closes it for good. */
  close: () => void;
}

/**
 * A websocket to the server kept open (spec sections 4, 7 and 9): a heartbeat at a fixed pace, the
 * line closed when nothing answers one in time, and a new connection some seconds after any close,
 * except when the server ended the session. The console's live events and the grid pages' socket
 * both run on it.
 */
export function openKeptSocket({ path, protocols, heartbeat, heartbeatMs, timeoutMs, reconnectMs, onText, createSocket = (url, offered) => new WebSocket(url, offered) }: KeptSocketOptions): KeptSocket {
  let socket: WebSocket | null = null;
  let stopped = false;
  let beat: number | undefined;
  let deadline: number | undefined;
  let reconnect: number | undefined;

  const clearTimers = () => {
    window.clearInterval(beat);
    window.clearTimeout(deadline);
  };

  const open = () => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = createSocket(`${scheme}://${window.location.host}${apiBase}${path}`, protocols);
    socket = ws;
    ws.onopen = () => {
      beat = window.setInterval(() => {
        ws.send(heartbeat);
        window.clearTimeout(deadline);
        deadline = window.setTimeout(() => ws.close(), timeoutMs);
      }, heartbeatMs);
    };
    ws.onmessage = (event: MessageEvent<string>) => {
      window.clearTimeout(deadline);
      onText(event.data);
    };
    ws.onclose = (event?: CloseEvent) => {
      clearTimers();
      if (socket === ws) socket = null;
      if (stopped || event?.code === sessionEndedCode) return;
      reconnect = window.setTimeout(open, reconnectMs);
    };
  };

  open();
  return {
    send: (text) => {
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(text);
      return true;
    },
    close: () => {
      stopped = true;
      clearTimers();
      window.clearTimeout(reconnect);
      socket?.close();
      socket = null;
    },
  };
}
