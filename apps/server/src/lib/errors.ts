import { ServerCode } from '@cellsight/contract';

export interface FieldError {
  field: string;
  message: string;
  /** The spreadsheet row of an import's refused cell. */
  row?: number;
}

/**
 * An expected failure with a code from the catalogue (spec section 8) and the HTTP status to
 * answer with. Services throw it; the error plugin turns it into the envelope.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 400,
    readonly fieldErrors: FieldError[] = [],
    /** The answer's `result` when a call's contract gives one for its failures (the wizard's row index). */
    readonly result?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: number, message: string, fieldErrors: FieldError[] = []) => new AppError(code, message, 400, fieldErrors);

export const invalidField = (field: string, message: string) =>
  new AppError(ServerCode.INCORRECT_PARAMETER, `${field}: ${message}`, 400, [{ field, message }]);

/** 404; with `field`, the answer names the request field it is about, so a form can show it there. */
export const notFound = (what: string, field?: string) =>
  field ? new AppError(ServerCode.NOT_FOUND, `${field}: ${what} not found`, 404, [{ field, message: `${what} not found` }]) : new AppError(ServerCode.NOT_FOUND, `${what} not found`, 404);

export const unauthorized = (message = 'Token is invalid or expired, please sign in again') =>
  new AppError(ServerCode.INVALID_TOKEN, message, 401);

export const forbidden = (message = 'No permission for this operation') => new AppError(ServerCode.NO_PERMISSION, message, 403);

export const demoNotSupported = () =>
  new AppError(ServerCode.DEMO_NOT_SUPPORTED, 'The demo access does not support this operation.', 403);
