import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { logs } from '../src/db/schema.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

/**
 * What the log really holds at the default level (`info`): every line the app writes is captured
 * from its pino destination, and no session token, sign-in ticket or OAuth code may be in any.
 */
describe('secrets in the log', () => {
  const lines: string[] = [];
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let port = 0;

  /** The outcome of a websocket handshake: 101 when it opened, else the refused status. */
  const handshake = (path: string, protocols?: string[]) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, protocols);
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.on('open', () => {
        ws.close();
        resolve(101);
      });
    });
  const logged = () => lines.join('');

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    const signedIn = (await t.request({ method: 'POST', url: '/boot/sys/login', payload: { username: 'admin', password: adminPassword } })).json().result;
    admin = signedIn.token;
    adminId = signedIn.userInfo.id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => t.close());

  it('keeps the sockets\' tokens out of the request lines, in the URL or the subprotocol', async () => {
    // Older clients put the token in the socket's query; it is still accepted, and never written.
    expect(await handshake(`/boot/websocket?token=${encodeURIComponent(admin)}`)).toBe(101);
    expect(await handshake(`/boot/vxeSocket/${adminId}/bad%20page?token=${encodeURIComponent(admin)}`)).toBe(400);
    // The console offers it as the subprotocol: not in the URL at all.
    expect(await handshake('/boot/websocket', [admin])).toBe(101);
    expect(logged()).toContain('"url":"/boot/websocket?token=[redacted]"');
    expect(logged()).toContain('"url":"/boot/websocket"');
    expect(logged()).not.toContain(admin);
    expect(logged()).not.toContain(encodeURIComponent(admin));
  });

  it('keeps tokens out of unknown routes, header-signed calls, sign-in tickets and OAuth codes', async () => {
    const ticket = `${'A1b2'.repeat(8)}.${'c3D4_-'.repeat(7)}x`;
    await t.request({ method: 'GET', url: `/boot/no/such/route?token=${admin}&page=2` });
    await t.request({ method: 'GET', url: '/boot/sys/user/list', token: admin });
    await t.request({ method: 'GET', url: `/boot/sys/thirdLogin/getLoginUser/${ticket}/oauth` });
    await t.request({ method: 'GET', url: `/user/login?thirdToken=${ticket}&thirdType=oauth` });
    await t.request({ method: 'GET', url: '/user/login?ticket=ST-1-secretcasticket-cas' });
    await t.request({ method: 'GET', url: '/boot/sys/thirdLogin/oauth/callback?code=secret-oauth-code&state=secret-oauth-state' });
    expect(logged()).toContain('"url":"/boot/no/such/route?token=[redacted]&page=2"');
    expect(logged()).toContain('/getLoginUser/[redacted]/oauth');
    for (const secret of [admin, ticket, 'secretcasticket', 'secret-oauth-code', 'secret-oauth-state']) expect(logged()).not.toContain(secret);
  });

  it('keeps them out of the operation log (sys_log) as well', async () => {
    const response = await t.request({ method: 'POST', url: `/boot/sys/user/add?token=${admin}`, token: admin, payload: { username: 'log_probe', password: 'Passw0rd1', realname: 'Log probe' } });
    expect(response.json().success).toBe(true);
    // The row is written once the answer is out.
    await t.app.operationLog.settled();
    const stored = JSON.stringify(await t.app.db.select().from(logs));
    expect(stored).toContain('/boot/sys/user/add');
    expect(stored).not.toContain(admin);
    expect(logged()).not.toContain(admin);
  });
});
