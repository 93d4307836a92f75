import { existsSync, readFileSync, statSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer, request as httpRequest } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * JeecgBoot's own Vue 2 console (its production build, kept beside the checkout in
 * `shared/clients/jeecg-vue2/dist`, or JEECG_CONSOLE_DIST), served as its README says: its files
 * with history-mode routing on one origin, and `/jeecg-boot/*` (websocket upgrades too) forwarded
 * unchanged to Cellsight, which answers that wire itself (docs/jeecg-console.md).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');

/** Where the built console is, or null when this machine has none. */
export const jeecgConsoleDist = (): string | null =>
  [process.env.JEECG_CONSOLE_DIST, path.resolve(repoRoot, '..', 'shared', 'clients', 'jeecg-vue2', 'dist'), '/work/shared/clients/jeecg-vue2/dist']
    .filter((candidate): candidate is string => Boolean(candidate))
    .find((candidate) => existsSync(path.join(candidate, 'index.html'))) ?? null;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.less': 'text/plain; charset=utf-8',
};

export interface JeecgConsole {
  url: string;
  close(): Promise<void>;
}

/** Serves the console at a free port of 127.0.0.1, forwarding its API calls to `api` (Cellsight's origin). */
export const serveJeecgConsole = async (dist: string, api: string): Promise<JeecgConsole> => {
  const target = new URL(api);
  const sendFile = (response: ServerResponse, file: string) => {
    response.writeHead(200, { 'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    if (url.startsWith('/jeecg-boot/')) {
      const forwarded = httpRequest(
        { host: target.hostname, port: target.port, method: request.method, path: url, headers: { ...request.headers, host: target.host } },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on('error', () => response.writeHead(502).end());
      request.pipe(forwarded);
      return;
    }
    const file = path.join(dist, decodeURIComponent(url.split('?')[0] ?? '/'));
    if (file.startsWith(dist) && existsSync(file) && statSync(file).isFile()) sendFile(response, file);
    // History-mode routing: every other path is the app.
    else sendFile(response, path.join(dist, 'index.html'));
  });
  // The notice socket: the handshake and then both directions, byte for byte.
  server.on('upgrade', (request: IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`, ...Object.entries(request.headers).map(([name, value]) => `${name}: ${name === 'host' ? target.host : String(value)}`)];
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
