import { VxeSocketType } from '@cellsight/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { users } from '../src/db/schema.js';
import { type TestApp, addUser, adminPassword, createTestApp } from './support/test-app.js';

describe('/vxeSocket/{userId}/{pageId}', () => {
  let t: TestApp;
  let port = 0;
  let admin: string;
  let adminId: string;
  let otherId: string;
  let other: string;

  const url = (userId: string, pageId: string, token?: string) => `ws://127.0.0.1:${port}/boot/vxeSocket/${userId}/${pageId}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  /** The status a refused handshake answers, or 101 when the socket opened. */
  const handshake = (address: string) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(address);
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.on('open', () => {
        resolve(101);
        ws.close();
      });
    });
  const open = async (address: string) => {
    const ws = new WebSocket(address);
    const heard: unknown[] = [];
    ws.on('message', (data) => heard.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('unexpected-response', reject);
    });
    return { ws, heard };
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', adminPassword);
    const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    adminId = String(row?.id);
    otherId = await addUser(t, admin, { username: 'vxe_other' });
    other = await t.login('vxe_other', 'Passw0rd1');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => t.close());

  it('refuses sockets without a session, for another user, or with a malformed page', async () => {
    expect(await handshake(url(adminId, 'dict-items.x'))).toBe(401);
    expect(await handshake(url(otherId, 'dict-items.x', admin))).toBe(403);
    expect(await handshake(url(adminId, 'bad%20page', admin))).toBe(400);
    expect(await handshake(url(adminId, 'dict-items.x', admin))).toBe(101);
  });

  it('answers heartbeats and passes updates on to the other consoles of the same page only', async () => {
    const first = await open(url(adminId, 'dict-items.one', admin));
    const second = await open(url(otherId, 'dict-items.one', other));
    const elsewhere = await open(url(adminId, 'dict-items.two', admin));
    try {
      first.ws.send(JSON.stringify({ type: VxeSocketType.HeartBeat, data: 'ping' }));
      const update = { type: VxeSocketType.UpdateVxeTable, data: { socketKey: 'one', args: { changed: ['a'], removed: [] } } };
      first.ws.send(JSON.stringify(update));
      first.ws.send(JSON.stringify({ type: VxeSocketType.CommonSendDate, data: { note: 'hello' } }));
      // Not a message of the protocol: dropped.
      first.ws.send('not json');
      first.ws.send(JSON.stringify({ type: VxeSocketType.UpdateVxeTable, data: { args: {} } }));
      await settle();
      expect(first.heard).toEqual([{ type: VxeSocketType.HeartBeat, data: 'pong' }]);
      expect(second.heard).toEqual([update, { type: VxeSocketType.CommonSendDate, data: { note: 'hello' } }]);
      expect(elsewhere.heard).toEqual([]);

      // A closed console is no longer sent to; the rest still are.
      second.ws.close();
      const third = await open(url(adminId, 'dict-items.one', admin));
      await settle();
      first.ws.send(JSON.stringify(update));
      await settle();
      expect(third.heard).toEqual([update]);
      third.ws.close();
    } finally {
      first.ws.close();
      elsewhere.ws.close();
    }
  });

  it('closes the sockets of a session that signs out', async () => {
    const token = await t.login('vxe_other', 'Passw0rd1');
    const line = await open(url(otherId, 'dict-items.three', token));
    const closed = new Promise<number>((resolve) => line.ws.on('close', (code) => resolve(code)));
    await t.request({ method: 'POST', url: '/boot/sys/logout', token });
    expect(await closed).toBe(4001);
  });
});
