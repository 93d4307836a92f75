import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ServerCode } from '@cellsight/contract';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { failure } from '../kit/envelope.js';

/**
 * Serves the built web app at `/` with a history-mode fallback (any non-API path that is not a
 * file gets index.html), so one process is the whole product. API paths that match nothing get
 * the envelope with 404.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const hasWeb = existsSync(join(config.webDist, 'index.html'));
    // Without a web build the plugin is still needed for `reply.sendFile` (uploads), and its root must exist.
    if (!hasWeb) mkdirSync(config.uploadDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: hasWeb ? config.webDist : config.uploadDir,
      serve: hasWeb,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The web build writes .br and .gz copies (scripts/compress-dist.mjs).
      preCompressed: hasWeb,
      setHeaders: (res, path) => {
        // Vite puts a content hash in every asset name, so assets never change; anything else is revalidated.
        res.setHeader('cache-control', path.includes(join('dist', 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith('/boot') || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(404).send(failure(ServerCode.NOT_FOUND, `Route ${request.method} ${request.url.split('?')[0]} not found`, null));
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDist);
    });
  },
  { name: 'web' },
);
