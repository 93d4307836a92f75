import { type AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { ServerCode, thirdLoginEndpoints } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, addUser, adminPassword, createTestApp, queryRows } from './support/test-app.js';

/** Who the fake provider says signed in, per authorization code it handed out. */
interface FakeIdentity {
  sub: string;
  preferred_username?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
}

/**
 * A local OAuth2 / OIDC provider (token and user-info endpoints) and CAS server: codes and tickets
 * are whatever the test registers; everything else is refused as a real one would.
 */
async function startProvider() {
  const codes = new Map<string, FakeIdentity>();
  const casTickets = new Map<string, string>();
  const seen: { tokenBodies: URLSearchParams[]; casServices: string[] } = { tokenBodies: [], casServices: [] };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://provider');
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (url.pathname === '/token') {
        const body = new URLSearchParams(Buffer.concat(chunks).toString());
        seen.tokenBodies.push(body);
        const identity = codes.get(body.get('code') ?? '');
        if (!identity || body.get('client_secret') !== 'provider-secret') return json(400, { error: 'invalid_grant' });
        return json(200, { access_token: `at-${body.get('code')}`, token_type: 'Bearer' });
      }
      if (url.pathname === '/userinfo') {
        const identity = codes.get((request.headers.authorization ?? '').replace('Bearer at-', ''));
        return identity ? json(200, identity) : json(401, { error: 'invalid_token' });
      }
      if (url.pathname === '/cas/p3/serviceValidate') {
        seen.casServices.push(url.searchParams.get('service') ?? '');
        const user = casTickets.get(url.searchParams.get('ticket') ?? '');
        return json(200, { serviceResponse: user ? { authenticationSuccess: { user } } : { authenticationFailure: { code: 'INVALID_TICKET' } } });
      }
      return json(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, codes, casTickets, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('outside sign-in (OAuth2 / OIDC and CAS)', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startProvider>>;

  beforeAll(async () => {
    provider = await startProvider();
    t = await createTestApp({
      OAUTH_AUTHORIZE_URL: `${provider.base}/authorize`,
      OAUTH_TOKEN_URL: `${provider.base}/token`,
      OAUTH_USERINFO_URL: `${provider.base}/userinfo`,
      OAUTH_CLIENT_ID: 'cellsight',
      OAUTH_CLIENT_SECRET: 'provider-secret',
      OAUTH_NAME: 'Acme ID',
      CAS_URL: `${provider.base}/cas`,
      PUBLIC_URL: 'https://console.example.com',
      // The stand-in provider listens on loopback, which only OUTBOUND_ALLOW opens.
      OUTBOUND_ALLOW: '127.0.0.1',
    });
    const admin = await t.login('admin', adminPassword);
    await addUser(t, admin, { username: 'verified', email: 'verified@example.com' });
    await addUser(t, admin, { username: 'casuser' });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** The browser's round trip: start, come back from the provider with `code`, and where it lands. */
  const roundTrip = async (code: string, options: { state?: string; keepCookie?: boolean } = {}) => {
    // Whatever Host the browser's request names, the provider and the browser are sent to PUBLIC_URL.
    const start = await t.request({ method: 'GET', url: '/boot/sys/thirdLogin/render/oauth', headers: { host: 'phish.invalid' } });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const state = options.state ?? authorize.searchParams.get('state')!;
    const back = await t.request({ method: 'GET', url: `/boot/sys/thirdLogin/oauth/callback?code=${code}&state=${state}`, headers: { host: 'phish.invalid', ...(options.keepCookie === false ? {} : { cookie }) } });
    expect(back.statusCode).toBe(302);
    return { authorize, landing: new URL(back.headers.location as string) };
  };
  const trade = (ticket: string) => t.call(thirdLoginEndpoints.ticketLogin, { params: { token: ticket, thirdType: 'oauth' } });

  it('offers what is configured on the sign-in page', async () => {
    const config = (await t.request({ method: 'GET', url: '/boot/sys/public/config' })).json().result;
    expect(config.thirdLogin).toEqual({ oauthName: 'Acme ID', casUrl: `${provider.base}/cas` });
  });

  it('signs a new person in as a new end user, once per ticket, with the provider told where to come back', async () => {
    provider.codes.set('code-new', { sub: 'acme-1001', preferred_username: 'ada.l', name: 'Ada Lovelace', email: 'ada@example.com', email_verified: true });
    const { authorize, landing } = await roundTrip('code-new');
    expect(authorize.searchParams.get('client_id')).toBe('cellsight');
    expect(authorize.searchParams.get('redirect_uri')).toBe('https://console.example.com/boot/sys/thirdLogin/oauth/callback');
    expect(provider.seen.tokenBodies.at(-1)?.get('redirect_uri')).toBe('https://console.example.com/boot/sys/thirdLogin/oauth/callback');
    expect(landing.origin).toBe('https://console.example.com');
    expect(landing.pathname).toBe('/user/login');
    const ticket = landing.searchParams.get('thirdToken')!;
    const login = await trade(ticket);
    expect(login.statusCode, login.response.body).toBe(200);
    expect(login.envelope.result.userInfo).toMatchObject({ username: 'adal', realname: 'Ada Lovelace', email: 'ada@example.com' });
    const [row] = await queryRows<{ account_type: string }>(t, sql`select account_type from sys_user where username = 'adal'`);
    expect(row?.account_type).toBe('end_user');
    // A ticket works once.
    expect((await trade(ticket)).envelope.code).toBe(ServerCode.AUTHENTICATION_FAILED);

    // The next time the same person is the same account, whatever the provider now calls them.
    provider.codes.set('code-again', { sub: 'acme-1001', preferred_username: 'ada.renamed' });
    const again = await trade((await roundTrip('code-again')).landing.searchParams.get('thirdToken')!);
    expect(again.envelope.result.userInfo.username).toBe('adal');
  });

  it('links a verified e-mail to the account that holds it, and never an unverified one', async () => {
    provider.codes.set('code-verified', { sub: 'acme-2002', email: 'verified@example.com', email_verified: true });
    const verified = await trade((await roundTrip('code-verified')).landing.searchParams.get('thirdToken')!);
    expect(verified.envelope.result.userInfo.username).toBe('verified');

    provider.codes.set('code-unverified', { sub: 'acme-3003', preferred_username: 'mallory', email: 'verified@example.com', email_verified: false });
    const unverified = await trade((await roundTrip('code-unverified')).landing.searchParams.get('thirdToken')!);
    expect(unverified.envelope.result.userInfo).toMatchObject({ username: 'mallory', email: null });
  });

  it('sends the browser back with the reason when the state or the provider fails', async () => {
    provider.codes.set('code-state', { sub: 'acme-4004' });
    expect((await roundTrip('code-state', { state: 'forged' })).landing.searchParams.get('thirdError')).toBe('state');
    expect((await roundTrip('code-state', { keepCookie: false })).landing.searchParams.get('thirdError')).toBe('state');
    expect((await roundTrip('unknown-code')).landing.searchParams.get('thirdError')).toBe('provider');
    expect((await trade('x'.repeat(32) + '.' + 'y'.repeat(43))).envelope.code).toBe(ServerCode.AUTHENTICATION_FAILED);
    expect((await t.request({ method: 'GET', url: '/boot/sys/thirdLogin/getLoginUser/nonsense/oauth' })).statusCode).toBe(400);
  });

  it('signs in a CAS user as the console account of the same name, and refuses what CAS refuses', async () => {
    provider.casTickets.set('ST-1-good', 'casuser');
    provider.casTickets.set('ST-2-stranger', 'nobody_here');
    const service = 'https://console.example.com/user/login?cas=1';
    const cas = (ticket: string, casService = service) => t.call(thirdLoginEndpoints.casLogin, { body: { ticket, service: casService } });
    const good = await cas('ST-1-good');
    expect(good.statusCode, good.response.body).toBe(200);
    expect(good.envelope.result.userInfo.username).toBe('casuser');
    expect(good.envelope.result.token).toEqual(expect.any(String));
    expect(provider.seen.casServices.at(-1)).toBe(service);
    expect((await cas('ST-9-bad')).envelope.code).toBe(ServerCode.AUTHENTICATION_FAILED);
    expect((await cas('ST-2-stranger')).envelope.code).toBe(ServerCode.USER_DOES_NOT_EXIST);
    const bad = await cas('ST-1', 'javascript:alert(1)');
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.message).toContain('service');
  });
});

describe('outside sign-in and the destination policy', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startProvider>>;

  beforeAll(async () => {
    provider = await startProvider();
    // A provider on this machine, and no OUTBOUND_ALLOW: the platform may not call it.
    t = await createTestApp({
      OAUTH_AUTHORIZE_URL: `${provider.base}/authorize`,
      OAUTH_TOKEN_URL: `${provider.base}/token`,
      OAUTH_USERINFO_URL: `${provider.base}/userinfo`,
      OAUTH_CLIENT_ID: 'cellsight',
      OAUTH_CLIENT_SECRET: 'provider-secret',
      CAS_URL: `${provider.base}/cas`,
      PUBLIC_URL: 'https://console.example.com',
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('calls neither the token endpoint nor the CAS server on a refused address', async () => {
    provider.codes.set('code-local', { sub: 'acme-5005', preferred_username: 'local' });
    const start = await t.request({ method: 'GET', url: '/boot/sys/thirdLogin/render/oauth' });
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const back = await t.request({ method: 'GET', url: `/boot/sys/thirdLogin/oauth/callback?code=code-local&state=${state}`, headers: { cookie } });
    expect(new URL(back.headers.location as string).searchParams.get('thirdError')).toBe('provider');
    provider.casTickets.set('ST-1-local', 'admin');
    const cas = await t.call(thirdLoginEndpoints.casLogin, { body: { ticket: 'ST-1-local', service: 'https://console.example.com/user/login?cas=1' } });
    expect(cas.envelope.code).toBe(ServerCode.REMOTE_SERVICE_EXCEPTION);
    expect(provider.seen).toEqual({ tokenBodies: [], casServices: [] });
  });
});

describe('outside sign-in when nothing is configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers nothing and answers 404', async () => {
    expect((await t.request({ method: 'GET', url: '/boot/sys/public/config' })).json().result.thirdLogin).toEqual({ oauthName: null, casUrl: null });
    expect((await t.request({ method: 'GET', url: '/boot/sys/thirdLogin/render/oauth' })).statusCode).toBe(404);
    expect((await t.call(thirdLoginEndpoints.casLogin, { body: { ticket: 'ST-1', service: 'https://x.example.com/' } })).statusCode).toBe(404);
  });
});
