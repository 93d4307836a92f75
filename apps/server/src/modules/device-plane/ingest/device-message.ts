import { type IngestRejectReason, maxPayloadBytes } from '@cellsight/contract';
import type { z } from 'zod';

/** Why a device message was refused before anything was stored. */
export interface MessageRefusal {
  reason: Extract<IngestRejectReason, 'too-large' | 'not-json' | 'invalid'>;
  detail: string;
}

/**
 * Reads a device message as the contract says: size limit, JSON, then the schema. The refusal
 * names the first field that is wrong (`samples.0.soc: Too big: …`), for the logger's diagnostics.
 */
export function readDeviceMessage<S extends z.ZodType>(payload: Uint8Array, schema: S): { message: z.infer<S> } | { refusal: MessageRefusal } {
  if (payload.length > maxPayloadBytes) {
    return { refusal: { reason: 'too-large', detail: `${payload.length} bytes is over the ${maxPayloadBytes}-byte limit` } };
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload.buffer, payload.byteOffset, payload.length).toString('utf8'));
  } catch (error) {
    return { refusal: { reason: 'not-json', detail: `payload is not JSON: ${(error as Error).message}` } };
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { refusal: { reason: 'invalid', detail: `${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'invalid'}` } };
  }
  return { message: result.data as z.infer<S> };
}
