import { clientHeartbeat } from '@cellsight/contract';
import WebSocket from 'ws';
import type { TestApp } from './test-app.js';

export interface LiveEvents {
  /** Every event the socket heard so far, in order. */
  heard: { event: string; data: Record<string, unknown>; cmd?: string }[];
  close(): void;
}

/**
 * Opens the console's live-events socket as the token's user (the app starts listening on a free
 * port first). Resolves once the server answered the socket's heartbeat: it answers only once the
 * socket is among those told of events (its rooms are read after the socket opens), so nothing
 * sent from then on is missed.
 */
export async function listenLive(t: TestApp, token: string): Promise<LiveEvents> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // As the console does: the token is the socket's subprotocol, not part of the URL.
  const ws = new WebSocket(`ws://127.0.0.1:${port}/boot/websocket`, [token]);
  const heard: LiveEvents['heard'] = [];
  const answered = new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const text = String(data);
      if (text === clientHeartbeat) resolve();
      else heard.push(JSON.parse(text));
    });
    ws.once('close', (code) => reject(new Error(`the live-events socket closed (${code}) before it was answered`)));
    ws.once('error', reject);
  });
  await new Promise((resolve) => ws.on('open', resolve));
  ws.send(clientHeartbeat);
  await answered;
  return { heard, close: () => ws.close() };
}
