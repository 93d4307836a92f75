import { z } from 'zod';
import { text } from './text.js';

/**
 * Every API answer is wrapped in this envelope (the JeecgBoot `Result<T>` wire shape the
 * original console reads): `success`, `message`, `code`, `result`, `timestamp` (epoch ms).
 */
export const envelopeSchema = <T extends z.ZodType>(result: T) =>
  z.object({
    success: z.boolean(),
    message: text(),
    code: z.number().int(),
    result,
    timestamp: z.number().int(),
  });

export type Envelope<T> = {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
};

/** Envelope for answers that carry no result. */
export const emptyEnvelopeSchema = envelopeSchema(z.null());

/** Body of an error answer; `errors` names each invalid field when validation failed. */
export const errorEnvelopeSchema = envelopeSchema(
  z
    .object({
      /** `row`: the spreadsheet row of an import's refused cell. */
      errors: z.array(z.object({ field: text(), message: text(), row: z.number().int().optional() })).optional(),
      /** The request's id (its `X-Request-Id`) on an unexpected failure: quoted to support, found in the server's log. */
      requestId: text().optional(),
    })
    .nullable(),
);
