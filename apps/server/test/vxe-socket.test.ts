import { VxeSocketType, roleEndpoints } from '@cellsight/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { dicts, users } from '../src/db/schema.js';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant } from './support/test-app.js';

const pong = { type: VxeSocketType.HeartBeat, data: 'pong' };

/** One console's grid socket: what it heard besides heartbeat answers, and a round trip that proves the server is done with what came before. */
interface Line {
  ws: WebSocket;
  heard: unknown[];
  /**
   * Sends a heartbeat and resolves on its answer: the server handles a socket's messages in order and
   * writes to a socket in order, so by then it has passed on everything this line sent before, and
   * everything it sent to this line before has arrived.
   */
  roundTrip(): Promise<void>;
}

describe('/vxeSocket/{userId}/{pageId}', () => {
  let t: TestApp;
  let port = 0;
  const token: Record<string, string> = {};
  const id: Record<string, string> = {};
  /** Two dictionaries' items grids. */
  let pageOne: string;
  let pageTwo: string;

  const url = (user: string, pageId: string, withToken = true) => `ws://127.0.0.1:${port}/boot/vxeSocket/${id[user] ?? user}/${pageId}${withToken ? `?token=${encodeURIComponent(token[user] ?? '')}` : ''}`;
  /** The status a refused handshake answers, or 101 when the socket opened. */
  const handshake = (address: string, protocols?: string[]) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(address, protocols);
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.on('open', () => {
        resolve(101);
        ws.close();
      });
    });
  const connect = (address: string, protocols?: string[]): Promise<Line | number> =>
    new Promise((resolve) => {
      const ws = new WebSocket(address, protocols);
      const heard: unknown[] = [];
      const waiting: (() => void)[] = [];
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as unknown;
        if (JSON.stringify(message) === JSON.stringify(pong)) waiting.shift()?.();
        else heard.push(message);
      });
      const roundTrip = () =>
        new Promise<void>((answered) => {
          waiting.push(answered);
          ws.send(JSON.stringify({ type: VxeSocketType.HeartBeat, data: 'ping' }));
        });
      ws.on('open', () => resolve({ ws, heard, roundTrip }));
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    });
  const open = async (address: string, protocols?: string[]): Promise<Line> => {
    const line = await connect(address, protocols);
    if (typeof line === 'number') throw new Error(`the socket was refused with ${line}`);
    return line;
  };
  const update = (changed: string) => ({ type: VxeSocketType.UpdateVxeTable, data: { socketKey: 'one', args: { changed: [changed], removed: [] } } });

  beforeAll(async () => {
    t = await createTestApp();
    token.admin = await t.login('admin', adminPassword);
    const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    id.admin = String(row?.id);
    const [first, second] = await t.app.db.select({ id: dicts.id }).from(dicts).orderBy(asc(dicts.id)).limit(2);
    pageOne = `dict-items.${first?.id}`;
    pageTwo = `dict-items.${second?.id}`;
    // A second administrator of the same tenant, who may save dictionary items too.
    id.other = await addUser(t, token.admin, { username: 'vxe_other', selectedroles: 'r-admin', accountType: 'admin' });
    // Someone who may look at dictionaries, not change them.
    const role = (await t.request({ method: 'POST', url: '/boot/sys/role/add', token: token.admin, payload: { roleName: 'Dictionary readers', roleCode: 'dict_readers' } })).json();
    const granted = await t.call(roleEndpoints.saveGrants, { token: token.admin, body: { roleId: role.result, permissionIds: 'm-system,m-system-dict,b-system-dict-list', lastpermissionIds: '' } });
    expect(granted.envelope.success).toBe(true);
    id.viewer = await addUser(t, token.admin, { username: 'vxe_viewer', selectedroles: role.result });
    // An end user of the same tenant, and the administrator of another tenant.
    id.enduser = await addUser(t, token.admin, { username: 'vxe_enduser', selectedroles: 'r-end-user', accountType: 'end_user' });
    id.stranger = await addUser(t, token.admin, { username: 'vxe_t2admin', selectedroles: 'r-admin', accountType: 'admin' });
    await moveToTenant(t, id.stranger, 2);
    for (const [key, username] of [['other', 'vxe_other'], ['viewer', 'vxe_viewer'], ['enduser', 'vxe_enduser'], ['stranger', 'vxe_t2admin']] as const) token[key] = await t.login(username, 'Passw0rd1');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => t.close());

  it('refuses sockets without a session, for another user, or for a page that is not a grid of an existing record', async () => {
    expect(await handshake(url('admin', pageOne, false))).toBe(401);
    expect(await handshake(`ws://127.0.0.1:${port}/boot/vxeSocket/${id.other}/${pageOne}?token=${token.admin}`)).toBe(403);
    expect(await handshake(url('admin', 'bad%20page'))).toBe(400);
    expect(await handshake(url('admin', 'users.1'))).toBe(400);
    expect(await handshake(url('admin', 'dict-items.no-such-dictionary'))).toBe(404);
    expect(await handshake(url('admin', pageOne))).toBe(101);
    // The console's way: the token as the subprotocol, no token in the URL.
    expect(await handshake(url('admin', pageOne, false), [token.admin ?? ''])).toBe(101);
  });

  it('answers heartbeats and passes updates on to the other consoles of the same page only', async () => {
    const first = await open(url('admin', pageOne));
    const second = await open(url('other', pageOne, false), [token.other ?? '']);
    const elsewhere = await open(url('admin', pageTwo));
    try {
      first.ws.send(JSON.stringify(update('a')));
      first.ws.send(JSON.stringify({ type: VxeSocketType.CommonSendDate, data: { note: 'hello' } }));
      // Not a message of the protocol: dropped.
      first.ws.send('not json');
      first.ws.send(JSON.stringify({ type: VxeSocketType.UpdateVxeTable, data: { args: {} } }));
      await first.roundTrip();
      await second.roundTrip();
      await elsewhere.roundTrip();
      expect(first.heard).toEqual([]);
      expect(second.heard).toEqual([update('a'), { type: VxeSocketType.CommonSendDate, data: { note: 'hello' } }]);
      expect(elsewhere.heard).toEqual([]);

      // A closed console is no longer sent to; the rest still are.
      const closed = new Promise((resolve) => second.ws.on('close', resolve));
      second.ws.close();
      await closed;
      const third = await open(url('admin', pageOne));
      first.ws.send(JSON.stringify(update('b')));
      await first.roundTrip();
      await third.roundTrip();
      expect(third.heard).toEqual([update('b')]);
      third.ws.close();
    } finally {
      first.ws.close();
      elsewhere.ws.close();
    }
  });

  it("keeps an end user out of an administrator's dictionary items room", async () => {
    const administrator = await open(url('admin', pageOne));
    const intruder = await connect(url('enduser', pageOne));
    try {
      if (typeof intruder !== 'number') {
        intruder.ws.send(JSON.stringify(update('forged')));
        await intruder.roundTrip();
      }
      await administrator.roundTrip();
      expect(intruder).toBe(403);
      expect(administrator.heard).toEqual([]);
    } finally {
      administrator.ws.close();
      if (typeof intruder !== 'number') intruder.ws.close();
    }
  });

  it('lets one who may only look hear the saves, but not tell others of any', async () => {
    const administrator = await open(url('admin', pageOne));
    const viewer = await open(url('viewer', pageOne));
    try {
      viewer.ws.send(JSON.stringify(update('forged')));
      await viewer.roundTrip();
      administrator.ws.send(JSON.stringify(update('saved')));
      await administrator.roundTrip();
      await viewer.roundTrip();
      expect(administrator.heard).toEqual([]);
      expect(viewer.heard).toEqual([update('saved')]);
    } finally {
      administrator.ws.close();
      viewer.ws.close();
    }
  });

  it("neither tells another tenant's consoles nor hears from them", async () => {
    const administrator = await open(url('admin', pageOne));
    const stranger = await open(url('stranger', pageOne));
    try {
      stranger.ws.send(JSON.stringify(update('from-tenant-2')));
      await stranger.roundTrip();
      administrator.ws.send(JSON.stringify(update('from-tenant-1')));
      await administrator.roundTrip();
      await stranger.roundTrip();
      expect(administrator.heard).toEqual([]);
      expect(stranger.heard).toEqual([]);
    } finally {
      administrator.ws.close();
      stranger.ws.close();
    }
  });

  it('closes the sockets of a session that signs out', async () => {
    const session = await t.login('vxe_other', 'Passw0rd1');
    const line = await open(`ws://127.0.0.1:${port}/boot/vxeSocket/${id.other}/${pageOne}`, [session]);
    const closed = new Promise<number>((resolve) => line.ws.on('close', (code) => resolve(code)));
    await t.request({ method: 'POST', url: '/boot/sys/logout', token: session });
    expect(await closed).toBe(4001);
  });
});
