import { z } from 'zod';
import { loggerSnPattern } from './device.js';
import { text } from './text.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Why a device message was refused (each is counted; see docs/device-protocol.md). `connect-rate`
 * is a CONNECT the embedded broker refused for its address's budget (counted process-wide only).
 */
export const ingestRejectReasons = ['too-large', 'not-json', 'invalid', 'unknown-logger', 'foreign-battery', 'acl', 'storage', 'rate', 'connect-rate'] as const;
export type IngestRejectReason = (typeof ingestRejectReasons)[number];

/** Ingestion counters of this server process since it started. */
export const ingestStatsSchema = z.object({
  since: text(),
  messages: z.number().int(),
  samplesReceived: z.number().int(),
  samplesStored: z.number().int(),
  rejected: z.record(z.enum(ingestRejectReasons), z.number().int()),
  /** Samples waiting for their database batch right now. */
  pendingSamples: z.number().int(),
});
export type IngestStats = z.infer<typeof ingestStatsSchema>;

/** `GET /want/logger/refusals`: a logger's refused messages (its diagnostics). */
export const loggerRefusalsQuerySchema = z
  .object({ gsn: text().regex(loggerSnPattern, 'must be 4 to 32 letters, digits, dashes or underscores'), _t: text().optional() })
  .strict();
export type LoggerRefusalsQuery = z.infer<typeof loggerRefusalsQuerySchema>;

/**
 * How many of a logger's messages were refused for one reason, since the logger was registered
 * (stored, so it survives restarts), and the latest one: when, on which topic, why, and the start
 * of its payload (at most 1 KiB as text, NUL and invalid UTF-8 replaced; `…` when cut).
 */
export const loggerRefusalSchema = z.object({
  reason: z.enum(ingestRejectReasons),
  count: z.number().int(),
  firstTime: text(),
  lastTime: text(),
  lastTopic: text().nullable(),
  lastDetail: text().nullable(),
  lastExample: text().nullable(),
});
export type LoggerRefusal = z.infer<typeof loggerRefusalSchema>;

/** This process's ingestion counters, and a logger's recent refusals. */
export const ingestEndpoints = {
  stats: defineEndpoint({ method: 'GET', path: '/want/ingest/stats', result: ingestStatsSchema }),
  refusals: defineEndpoint({ method: 'GET', path: '/want/logger/refusals', query: loggerRefusalsQuerySchema, result: z.array(loggerRefusalSchema) }),
};
