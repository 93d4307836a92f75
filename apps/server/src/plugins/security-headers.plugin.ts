import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** A Host header that is only a host name or address and an optional port: safe to put in the policy. */
const plainHost = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The console's live-events socket at `/boot/websocket` on the host the page came from. CSP Level 3
 * browsers already let `'self'` cover ws: and wss: on the same host; naming them keeps older ones
 * working without allowing sockets to any other host.
 */
const sameHostSockets = (req: IncomingMessage): string => {
  const host = req.headers.host ?? '';
  return plainHost.test(host) ? `ws://${host} wss://${host}` : "'self'";
};

/**
 * The content security policy of every answer: the console's page, its assets, the API, uploaded
 * files and the API docs at /boot/docs (swagger-ui loads only its own script files, so the same
 * policy fits it).
 */
const contentSecurityPolicy = (map: { tileUrl: string; geocoderUrl: string }, frameSources: string[]) => ({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Ant Design's CSS-in-JS (and swagger-ui's bundle) write <style> elements at run time; a nonce would
  // need a per-request index.html for a page that is served as a static file.
  'style-src': ["'self'", "'unsafe-inline'"],
  // The station map's tiles and reverse geocoder, when configured (MAP_TILE_URL, MAP_GEOCODER_URL).
  'img-src': ["'self'", 'data:', 'blob:', ...originOf(map.tileUrl)],
  'connect-src': ["'self'", sameHostSockets, ...originOf(map.geocoderUrl)],
  'font-src': ["'self'", 'data:'],
  // External menu pages shown inside the console (FRAME_SOURCES); nothing else may be framed.
  'frame-src': frameSources.length > 0 ? frameSources : ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

/** The origin a URL template loads from ('{s}.tile.example.org' → '*.tile.example.org'); none for an empty one. */
export const originOf = (template: string): string[] => {
  if (!template) return [];
  const match = /^(https?:\/\/)([^/]+)/.exec(template);
  return match ? [`${match[1]}${(match[2] ?? '').replace(/\{s\}/g, '*')}`] : [];
};

/**
 * Security headers on every answer (console, assets, API, errors, uploaded files, docs), set in
 * onRequest so they are there whatever the handler or the error handler sends.
 */
export default fp(
  async (app) => {
    await app.register(fastifyHelmet, {
      global: true,
      // Only the directives above: helmet's defaults would add upgrade-insecure-requests, which breaks
      // the plain-http quick start (and any http deployment on a LAN address).
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config.map, app.config.frameSources) },
      frameguard: { action: 'deny' },
      // No Referer at all: the console needs it for nothing (the API authenticates with a header, not
      // by origin), and links out of it (region portals) then never see its paths or query strings.
      referrerPolicy: { policy: 'no-referrer' },
      // The quick start is plain http; HSTS belongs to whatever terminates TLS in front of the server.
      strictTransportSecurity: false,
      // X-Content-Type-Options: nosniff, and helmet's other defaults (COOP/CORP same-origin, ...) stay on.
    });
  },
  { name: 'security-headers' },
);
