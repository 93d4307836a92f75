import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DestinationRefusedError, addressKind, createDestinationPolicy, invalidAllowEntries } from './destination-policy.js';
import { OutboundTimeoutError, OutboundUrlError, createOutboundHttp, outboundVia } from './outbound-http.js';

/** A local HTTP server that records each request and answers what `answer` says for its path. */
async function startServer(host: string, answer: (path: string) => { status: number; headers?: Record<string, string>; body?: string } | null) {
  const seen: { path: string; method: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((request, response) => {
    seen.push({ path: request.url ?? '', method: request.method ?? '', headers: request.headers });
    const reply = answer(request.url ?? '');
    // null: never answer (the client's timeout ends it).
    if (reply) response.writeHead(reply.status, reply.headers).end(reply.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('destination policy', () => {
  it('judges every non-public address as what it is, in every form', () => {
    const cases: [string, string | null][] = [
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['::1', 'loopback'],
      ['[::1]', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['[::ffff:7f00:1]', 'loopback'],
      ['::127.0.0.1', 'loopback'],
      ['64:ff9b::7f00:1', 'loopback'],
      ['2002:7f00:1::1', 'loopback'],
      ['169.254.169.254', 'link-local'],
      ['::ffff:169.254.169.254', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['10.1.2.3', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.0.1', 'private'],
      ['::ffff:192.168.0.1', 'private'],
      ['fd12:3456::1', 'private'],
      ['100.64.0.1', 'shared'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['224.0.0.251', 'multicast'],
      ['ff02::1', 'multicast'],
      ['255.255.255.255', 'reserved'],
      ['8.8.8.8', null],
      ['172.32.0.1', null],
      ['2606:4700:4700::1111', null],
      ['::ffff:8.8.8.8', null],
    ];
    for (const [address, kind] of cases) expect(addressKind(address), address).toBe(kind);
  });

  it('allows what OUTBOUND_ALLOW lists, and only that', async () => {
    const policy = createDestinationPolicy(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', 'intranet.example']);
    await expect(policy.resolve('127.0.0.1')).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(policy.resolve('[::ffff:7f00:1]')).resolves.toEqual([{ address: '::ffff:7f00:1', family: 6 }]);
    await expect(policy.resolve('10.200.0.1')).resolves.toHaveLength(1);
    await expect(policy.resolve('fd00::5')).resolves.toHaveLength(1);
    await expect(policy.resolve('127.0.0.2')).rejects.toBeInstanceOf(DestinationRefusedError);
    await expect(policy.resolve('192.168.1.1')).rejects.toThrow('192.168.1.1 is a private address; the platform connects to such addresses only when OUTBOUND_ALLOW lists them');
    await expect(policy.resolve('::1')).rejects.toBeInstanceOf(DestinationRefusedError);
    expect(invalidAllowEntries(['127.0.0.1', '10.0.0.0/8', '::1/128', 'sms.internal', 'no host!', '10.0.0.0/33', '1.2.3.4/x', '1.2.3', 'http://x'])).toEqual(['no host!', '10.0.0.0/33', '1.2.3.4/x', '1.2.3', 'http://x']);
  });

  it('judges every address a name resolves to, and allows a listed name whatever it resolves to', async () => {
    const answers: Record<string, string[]> = { 'mixed.example': ['93.184.216.34', '127.0.0.1'], 'intranet.example': ['10.0.0.7'], 'public.example': ['93.184.216.34'] };
    const lookup = async (host: string) => (answers[host] ?? []).map((address) => ({ address, family: 4 as const }));
    const policy = createDestinationPolicy(['intranet.example'], lookup);
    await expect(policy.resolve('mixed.example')).rejects.toThrow('mixed.example resolves to 127.0.0.1, a loopback address');
    await expect(policy.resolve('intranet.example')).resolves.toEqual([{ address: '10.0.0.7', family: 4 }]);
    await expect(policy.resolve('public.example')).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
    // The system's resolver: localhost is loopback.
    await expect(createDestinationPolicy([]).resolve('localhost')).rejects.toThrow(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
  });
});

describe('outbound HTTP client', () => {
  let local: Awaited<ReturnType<typeof startServer>>;
  let second: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    local = await startServer('127.0.0.1', (path) => (path === '/never' ? null : path === '/big' ? { status: 200, body: 'x'.repeat(5000) } : { status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' }));
    second = await startServer('127.0.0.2', (path) =>
      path === '/to-loopback'
        ? { status: 307, headers: { location: `http://127.0.0.1:${local.port}/stolen` } }
        : path === '/to-allowed'
          ? { status: 302, headers: { location: `http://127.0.0.1:${local.port}/landed` } }
          : { status: 200, body: 'second' },
    );
  });
  afterAll(async () => {
    await local?.close();
    await second?.close();
  });

  it('refuses the machine itself in every spelling, before connecting', async () => {
    const client = createOutboundHttp(createDestinationPolicy([]));
    const before = local.seen.length;
    for (const url of [`http://127.0.0.1:${local.port}/`, `http://2130706433:${local.port}/`, `http://0x7f.1:${local.port}/`, `http://127.1:${local.port}/`, `http://[::ffff:127.0.0.1]:${local.port}/`, `http://localhost:${local.port}/`]) {
      await expect(client.fetch({ url, timeoutMs: 2000 }), url).rejects.toBeInstanceOf(DestinationRefusedError);
    }
    expect(local.seen.length).toBe(before);
  });

  it('calls an allowed address, marked as relayed by the platform', async () => {
    const client = createOutboundHttp(createDestinationPolicy(['127.0.0.1']));
    const response = await client.fetch({ url: `http://127.0.0.1:${local.port}/hello?x=1`, method: 'POST', headers: { authorization: 'Bearer t', Via: 'forged' }, body: '{"a":1}', timeoutMs: 2000 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(local.seen.at(-1)).toMatchObject({ path: '/hello?x=1', method: 'POST', headers: { authorization: 'Bearer t', via: outboundVia, 'content-length': '7' } });
  });

  it('judges every redirect hop like the first, and keeps credentials to their origin', async () => {
    const client = createOutboundHttp(createDestinationPolicy(['127.0.0.2']));
    const before = local.seen.length;
    await expect(client.fetch({ url: `http://127.0.0.2:${second.port}/to-loopback`, method: 'POST', body: 'x', headers: { authorization: 'Bearer t' }, timeoutMs: 2000, redirect: 'follow' })).rejects.toThrow(
      '127.0.0.1 is a loopback address',
    );
    expect(local.seen.length).toBe(before);
    // Without following, the redirect is the answer.
    const manual = await client.fetch({ url: `http://127.0.0.2:${second.port}/to-loopback`, timeoutMs: 2000 });
    expect(manual.status).toBe(307);
    expect(local.seen.length).toBe(before);

    const both = createOutboundHttp(createDestinationPolicy(['127.0.0.1', '127.0.0.2']));
    const landed = await both.fetch({ url: `http://127.0.0.2:${second.port}/to-allowed`, method: 'POST', body: 'x', headers: { authorization: 'Bearer t', 'content-type': 'text/plain' }, timeoutMs: 2000, redirect: 'follow' });
    expect(landed.status).toBe(200);
    expect(local.seen.at(-1)).toMatchObject({ path: '/landed', method: 'GET' });
    expect(local.seen.at(-1)?.headers.authorization).toBeUndefined();
    expect(local.seen.at(-1)?.headers['content-type']).toBeUndefined();
  });

  it('connects to the address the policy judged, never resolving the name again', async () => {
    let lookups = 0;
    // `rebind.invalid` exists in no DNS: the call can only land on the judged address.
    const client = createOutboundHttp(createDestinationPolicy(['127.0.0.2'], async () => (lookups++ === 0 ? [{ address: '127.0.0.2', family: 4 }] : [{ address: '127.0.0.1', family: 4 }])));
    const response = await client.fetch({ url: `http://rebind.invalid:${second.port}/`, timeoutMs: 2000 });
    expect(await response.text()).toBe('second');
    expect(lookups).toBe(1);
    expect(second.seen.at(-1)?.headers.host).toBe(`rebind.invalid:${second.port}`);
  });

  it('refuses other schemes and credentials in the address, cuts a long body and ends a silent server at the timeout', async () => {
    const client = createOutboundHttp(createDestinationPolicy(['127.0.0.1']));
    await expect(client.fetch({ url: 'ftp://example.com/x', timeoutMs: 2000 })).rejects.toBeInstanceOf(OutboundUrlError);
    await expect(client.fetch({ url: `http://user:pw@127.0.0.1:${local.port}/`, timeoutMs: 2000 })).rejects.toBeInstanceOf(OutboundUrlError);
    const big = await client.fetch({ url: `http://127.0.0.1:${local.port}/big`, timeoutMs: 2000, maxBodyBytes: 1000 });
    await expect(big.text()).rejects.toThrow();
    await expect(client.fetch({ url: `http://127.0.0.1:${local.port}/never`, timeoutMs: 150 })).rejects.toBeInstanceOf(OutboundTimeoutError);
  });
});
