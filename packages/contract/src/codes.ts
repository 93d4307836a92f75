/**
 * Server and device code catalogues (spec section 8). The client translates a code to text
 * with the keys `server._{code}` (success) and `server.__{code}` (failure), and
 * `device._{code}` / `device.__{code}` for device answers.
 */
export const ServerCode = {
  OK: 200,
  SUCCESS: 1000,
  FAILED: 500,
  REMOTE_SERVICE_EXCEPTION: 999,
  ADDED: 1001,
  EDITED: 1002,
  DELETED: 1003,
  BATCH_DELETED: 1004,
  VERIFIED: 1005,
  LOGGED_OUT: 1006,
  LOGGED_IN: 1007,
  REGISTERED: 1008,
  PASSWORD_RESET: 1009,
  NOT_FOUND: 4000,
  WRONG_REGISTRATION_KEY: 4001,
  DEVICE_IN_USE: 4002,
  MATCHING_FAILURE: 4003,
  INCORRECT_PARAMETER: 4004,
  LOGOUT_FAILED: 4005,
  INVALID_TOKEN: 4006,
  WRONG_CREDENTIALS: 4007,
  OPERATION_FAILED: 4008,
  CODE_DOES_NOT_EXIST: 4009,
  USERNAME_REGISTERED: 4010,
  MOBILE_REGISTERED: 4011,
  EMAIL_REGISTERED: 4012,
  VERIFICATION_CODE_INVALID: 4013,
  VERIFICATION_CODE_WRONG: 4014,
  CODE_ALREADY_USED: 4015,
  NO_USER_ROLE: 4016,
  USER_DOES_NOT_EXIST: 4017,
  DELETION_FAILED: 4018,
  REGISTRATION_FAILED: 4019,
  AUTHENTICATION_FAILED: 4020,
  PASSWORD_RESET_FAILED: 4021,
  CHANGING_MOBILE_FAILED: 4022,
  INVALID_ACCOUNT: 4023,
  OLD_PASSWORD_WRONG: 4024,
  NEW_PASSWORD_EMPTY: 4025,
  PASSWORDS_DO_NOT_MATCH: 4026,
  PRODUCT_CODE_USED: 4027,
  UNSUPPORTED_ACCOUNT_TYPE: 4028,
  DEVICE_OFFLINE: 4029,
  USER_DELETED: 4030,
  OUT_OF_RANGE: 4031,
  PARSING_FAILED: 4032,
  OPENAPI_SIGNATURE_ERROR: 4033,
  CODE_ERROR: 4034,
  /** No permission for this operation (JeecgBoot's SC_JEECG_NO_AUTHZ). */
  NO_PERMISSION: 510,
  /** Demo accounts may look but not change (spec section 6). */
  DEMO_NOT_SUPPORTED: 4036,
  /** Too many requests from this address. */
  TOO_MANY_REQUESTS: 4037,
  /** The account is frozen by an administrator. */
  ACCOUNT_FROZEN: 4038,
} as const;

export type ServerCodeName = keyof typeof ServerCode;
export type ServerCodeValue = (typeof ServerCode)[ServerCodeName];


/** Answers of a logger or battery to a remote command (spec section 8). */
export const DeviceCode = {
  OK: 0,
  WRONG_BATTERY_SN: 1,
  WRONG_SIGNATURE: 2,
  OFFLINE: 3,
  WRONG_PARAMETER_TYPE: 4,
  ILLEGAL_CHARACTER: 5,
  FAILURE: 500,
} as const;

export type DeviceCodeValue = (typeof DeviceCode)[keyof typeof DeviceCode];

/** Codes that mean success (the toast helper shows them as success). */
export const isSuccessCode = (code: number): boolean => code === 0 || code === 200 || (code >= 1000 && code < 2000);

/** i18n key for a server code: `server._{code}` on success, `server.__{code}` on failure. */
export const serverCodeKey = (code: number): string =>
  isSuccessCode(code) ? `server._${code}` : `server.__${Math.abs(code)}`;

/** i18n key for a device code. */
export const deviceCodeKey = (code: number): string => (code === 0 ? `device._${code}` : `device.__${Math.abs(code)}`);
