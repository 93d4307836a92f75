import WebSocket from 'ws';
import type { TestApp } from './test-app.js';

export interface LiveEvents {
  /** Every event the socket heard so far, in order. */
  heard: { event: string; data: Record<string, unknown> }[];
  close(): void;
}

/** Opens the console's live-events socket as the token's user (the app starts listening on a free port first). */
export async function listenLive(t: TestApp, token: string): Promise<LiveEvents> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // As the console does: the token is the socket's subprotocol, not part of the URL.
  const ws = new WebSocket(`ws://127.0.0.1:${port}/boot/websocket`, [token]);
  const heard: LiveEvents['heard'] = [];
  ws.on('message', (data) => heard.push(JSON.parse(String(data))));
  await new Promise((resolve) => ws.on('open', resolve));
  return { heard, close: () => ws.close() };
}
