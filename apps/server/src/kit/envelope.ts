import type { Envelope } from '@cellsight/contract';
import { ServerCode } from '@cellsight/contract';

/** Builds the success envelope every route answers with. */
export const ok = <T>(result: T, message = '', code: number = ServerCode.OK): Envelope<T> => ({
  success: true,
  message,
  code,
  result,
  timestamp: Date.now(),
});

/** Builds the failure envelope (used by the error plugin). */
export const failure = <T>(code: number, message: string, result: T): Envelope<T> => ({
  success: false,
  message,
  code,
  result,
  timestamp: Date.now(),
});

/** Whether a value is free for a unique field: a check the forms ask while typing. */
export interface Availability {
  free: boolean;
  code: number;
  message: string;
}

/** A free value is success; a taken one is success false with HTTP 200 (JeecgBoot shape), so form validators show the message. */
export const availabilityAnswer = (answer: Availability): Envelope<null> => (answer.free ? ok(null, answer.message) : failure(answer.code, answer.message, null));
