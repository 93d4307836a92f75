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
