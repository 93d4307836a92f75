import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

/**
 * The API as JeecgBoot itself answers it, under `/jeecg-boot/*` (the base JeecgBoot's own consoles
 * are built with), beside Cellsight's own under `/boot/*`. The calls, fields, codes and checks are
 * the same routes; two things of the wire differ, as JeecgBoot's clients are written for them
 * (docs/jeecg-console.md, "Two wires"):
 *
 * - **Failures answer HTTP 200** with `success: false` and the code in the envelope (JeecgBoot's
 *   `Result.error`): its call sites and form validators read `success`, and a rejected promise is
 *   only toasted. A session that is missing or gone stays HTTP 401, as in JeecgBoot, so the client
 *   signs out. Under `/boot` a failure answers its HTTP status (400, 403, 404, 409, …).
 * - **Times are written `YYYY-MM-DD HH:mm:ss`** (JeecgBoot's Jackson format), in UTC: the zone every
 *   time of the API is in, and the zone a time sent without an offset is read in on both wires.
 *   Under `/boot` they are ISO 8601 with `Z`.
 */
export const jeecgPrefix = '/jeecg-boot';
const jeecgRequests = new WeakSet<IncomingMessage>();

/** Fastify's `rewriteUrl`: `/jeecg-boot/…` is routed as `/boot/…`, and the request is remembered as JeecgBoot's. */
export const rewriteJeecgUrl = (raw: IncomingMessage): string => {
  const url = raw.url ?? '/';
  const rest = url.slice(jeecgPrefix.length);
  if (url.startsWith(jeecgPrefix) && (rest === '' || rest.startsWith('/') || rest.startsWith('?'))) {
    jeecgRequests.add(raw);
    return `/boot${rest}`;
  }
  return url;
};

/** Whether the request came in under `/jeecg-boot`. */
export const isJeecgRequest = (raw: IncomingMessage): boolean => jeecgRequests.has(raw);

/** A JSON string value that is exactly an ISO 8601 time in UTC, as the API writes them (not an escaped quote inside a text). */
const isoTime = /(?<!\\)"(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d{1,9})?Z"/g;

/** The answer's JSON with every ISO time written as JeecgBoot writes it (`2026-12-04 09:30:00`). */
export const toJeecgTimes = (json: string): string => json.replace(isoTime, '"$1 $2"');

export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!isJeecgRequest(request.raw) || typeof payload !== 'string') return payload;
      if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
      if (reply.statusCode >= 400 && reply.statusCode !== 401) reply.code(200);
      return toJeecgTimes(payload);
    });
  },
  { name: 'jeecg-wire' },
);
