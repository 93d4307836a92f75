import { type VxeTableUpdate, VxeSocketType, vxeSocketMessageSchema, vxeSocketTimings } from '@cellsight/contract';
import { useEffect, useRef } from 'react';
import { type KeptSocket, openKeptSocket } from '@/lib/kept-socket';
import { session } from '@/lib/session';

export interface GridSocket {
  /** Tells the other consoles on the page that rows changed (`update_vxe_table`). */
  send: (socketKey: string, args: unknown) => void;
}

type Connect = (url: string, protocols?: string[]) => WebSocket;
const browserSocket: Connect = (url, protocols) => new WebSocket(url, protocols);

/**
 * `/vxeSocket/{userId}/{pageId}` (spec section 7) while a grid page is open: heartbeat every 10 s,
 * a line silent 6 s after one is closed, reconnect 5 s after a close. `onUpdate` hears the other
 * consoles' `update_vxe_table` messages.
 */
export const useGridSocket = (pageId: string, onUpdate: (update: VxeTableUpdate) => void, connect: Connect = browserSocket): GridSocket => {
  const socketRef = useRef<KeptSocket | null>(null);
  const onUpdateRef = useRef(onUpdate);
  useEffect(() => {
    onUpdateRef.current = onUpdate;
  }, [onUpdate]);

  useEffect(() => {
    const token = session.token;
    const userId = session.userInfo?.id;
    if (!token || !userId) return undefined;
    const socket = openKeptSocket({
      path: `/vxeSocket/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}`,
      // The session token travels as the subprotocol, never in the URL.
      protocols: [token],
      heartbeat: JSON.stringify({ type: VxeSocketType.HeartBeat, data: 'ping' }),
      heartbeatMs: vxeSocketTimings.heartbeatMs,
      timeoutMs: vxeSocketTimings.timeoutMs,
      reconnectMs: vxeSocketTimings.reconnectMs,
      createSocket: connect,
      onText: (text) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return;
        }
        const message = vxeSocketMessageSchema.safeParse(parsed);
        if (message.success && message.data.type === VxeSocketType.UpdateVxeTable) onUpdateRef.current(message.data.data);
      },
    });
    socketRef.current = socket;
    return () => {
      socket.close();
      socketRef.current = null;
    };
  }, [connect, pageId]);

  return {
    send: (socketKey, args) => {
      socketRef.current?.send(JSON.stringify({ type: VxeSocketType.UpdateVxeTable, data: { socketKey, args } }));
    },
  };
};
