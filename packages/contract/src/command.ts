import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { type ListColumns, listQuerySchema, pageSchema } from './list-query.js';
import { text } from './text.js';
import { commandOps, loggerKeyPattern, loggerSnPattern, batterySnPattern, upgradeStates } from './device.js';
import { limits } from './validation.js';
import { idQuerySchema } from './user.js';

/** Whether a name is an IANA time zone the runtime knows (Europe/Berlin, Asia/Hong_Kong, UTC). */
export const isTimeZone = (name: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/** Where a remote command is: pending → sent → acknowledged | failed | timed_out. */
export const commandStatuses = ['pending', 'sent', 'acknowledged', 'failed', 'timed_out'] as const;
export type CommandStatus = (typeof commandStatuses)[number];

/** Shortest gap between two firmware upgrades of one device (spec section 9). */
export const upgradeCooldownMs = 5 * 60 * 1000;
/** The server's refusals of an upgrade (spec section 8 upgrade texts); the console shows them in its language. */
export const upgradeRefusals = {
  coolDown: 'less than 5 minutes since the last upgrade',
  offline: 'The battery is offline and cannot be upgraded.',
  /** A library upgrade needs the address loggers download from, which only configuration gives. */
  noPublicUrl: 'PUBLIC_URL is not set, so loggers cannot be given a download address: an operator sets PUBLIC_URL to where loggers reach the platform and restarts it',
} as const;
/** A command without an answer within this time has timed out. */
export const commandAckTimeoutMs = 30_000;
/** An upgrade that stops reporting progress for this long has timed out. */
export const upgradeSilenceTimeoutMs = 120_000;
/**
 * A logger accepts a command whose `ts` is within this much of its own clock (device protocol 8.3);
 * the platform delivers an unanswered command again, when the logger is back, for as long.
 */
export const commandMaxAgeMs = 5 * 60_000;

/** Device gateway operation (spec section 7): the server signs; the client never holds a key. */
export const operateRequestSchema = z.object({
  gsno: text().regex(loggerSnPattern, 'must be a logger serial number'),
  op: z.enum(commandOps, { error: `must be one of ${commandOps.join(', ')}` }),
  batterySn: text().regex(batterySnPattern, 'must be a battery serial number').optional(),
  /** settings: JSON of RemoteSettings; upgrade: JSON of UpgradeTarget; otherwise empty. */
  val: text().max(4096).default(''),
});
export type OperateRequest = z.input<typeof operateRequestSchema>;

export const upgradeTargetSchema = z.object({
  version: text().min(1).max(32),
  url: text().regex(/^https?:\/\/\S+$/, 'must be an http(s) address').max(1000),
  size: z.number().int().positive(),
  sha256: text().regex(/^[0-9a-f]{64}$/, 'must be 64 hex characters'),
});
export type UpgradeTarget = z.infer<typeof upgradeTargetSchema>;

/** Filterable and sortable wire names of `/want/command/list`. */
export const commandListColumns = {
  gsn: { type: 'text' },
  batterySn: { type: 'text' },
  op: { type: 'text' },
  status: { type: 'text' },
  createBy: { type: 'text' },
  createTime: { type: 'date' },
} as const satisfies ListColumns;

export const commandRecordSchema = z.object({
  id: text(),
  gsn: text(),
  batterySn: text().nullable(),
  op: z.enum(commandOps),
  val: text(),
  status: z.enum(commandStatuses),
  code: z.number().int().nullable(),
  message: text().nullable(),
  progress: z.number().nullable(),
  upgradeState: z.enum(upgradeStates).nullable(),
  createBy: text(),
  createTime: text(),
  sentAt: text().nullable(),
  finishedAt: text().nullable(),
  /** The device answered after the command had timed out; status and code are its answer. */
  late: z.boolean(),
});
export type CommandRecord = z.infer<typeof commandRecordSchema>;

/** A logger's registration key (printed on the device): the one rule of registration and key rotation. */
export const loggerKeySchema = text()
  .min(limits.loggerKeyMin, `must be at least ${limits.loggerKeyMin} characters`)
  .max(limits.loggerKeyMax, `must be at most ${limits.loggerKeyMax} characters`)
  .regex(loggerKeyPattern, 'must be printable characters without spaces');

/** A logger's serial number and a battery's, with the texts every form and call answers. */
export const loggerSnSchema = text().regex(loggerSnPattern, 'must be 4 to 32 letters, digits, dashes or underscores');
export const batterySnSchema = text().regex(batterySnPattern, 'must be 4 to 40 letters, digits, dashes or underscores');

export const loggerRegistrationSchema = z.object({
  loggers: z
    .array(
      z.object({
        gsn: loggerSnSchema,
        key: loggerKeySchema,
        timezone: text().max(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin').optional(),
      }),
    )
    .min(1)
    .max(1000),
});
export type LoggerRegistration = z.infer<typeof loggerRegistrationSchema>;
export const loggerRegistrationResultSchema = z.object({ registered: z.number().int(), existing: z.number().int() });
export type LoggerRegistrationResult = z.infer<typeof loggerRegistrationResultSchema>;

/** An administrator gives a registered logger a new registration key (replaced device, leaked key). */
export const loggerKeyRotationSchema = z.object({
  gsn: loggerSnSchema,
  key: loggerKeySchema,
});
export type LoggerKeyRotation = z.infer<typeof loggerKeyRotationSchema>;

/**
 * An administrator gives a battery (pack) to another logger (the pack was moved): from then on the
 * new logger reports it and the old one's samples of it are dropped (device protocol 4.1, battery
 * ownership).
 */
export const batteryMoveSchema = z.object({
  batterySn: batterySnSchema,
  gsn: loggerSnSchema,
});
export type BatteryMove = z.infer<typeof batteryMoveSchema>;

/** `POST /want/logger/edit`: a logger's alias ('' or null clears it). */
export const loggerAliasSchema = z.object({ gsn: loggerSnSchema, alias: z.union([text().trim().max(64, 'must be at most 64 characters'), z.null()]) });
export type LoggerAliasRequest = z.infer<typeof loggerAliasSchema>;
/** `POST /want/logger/unbind`: takes a logger off its station (its data stays with the logger). */
export const loggerUnbindSchema = z.object({ gsn: loggerSnSchema });

/** A logger's own writes on the Loggers screen and the station page: its alias, taking it off its station, giving one of its batteries to another logger. */
export const loggerPlacementEndpoints = {
  moveBattery: defineEndpoint({ method: 'POST', path: '/want/battery/move', body: batteryMoveSchema, result: null }),
  editAlias: defineEndpoint({ method: 'POST', path: '/want/logger/edit', body: loggerAliasSchema, result: null }),
  unbind: defineEndpoint({ method: 'POST', path: '/want/logger/unbind', body: loggerUnbindSchema, result: null }),
};

/**
 * The logger import's preview (`POST /want/logger/importPreview`): the file's rows as read, each
 * with its spreadsheet row, every cell as text, unchecked, so the console shows them in its grid to
 * be corrected before `importRows` registers them.
 */
export const loggerImportPreviewSchema = z.object({
  rows: z.array(z.object({ row: z.number().int(), gsn: text(), key: text(), timezone: text() })),
});
export type LoggerImportPreview = z.infer<typeof loggerImportPreviewSchema>;

/** `POST /want/logger/importRows`: the corrected rows of a previewed file (at most `limits.loggerImportMax`). */
export const loggerImportRowsSchema = z.object({
  loggers: loggerRegistrationSchema.shape.loggers.element.array().min(1, 'must hold at least one logger').max(limits.loggerImportMax, `must hold at most ${limits.loggerImportMax} loggers`),
});
export type LoggerImportRows = z.infer<typeof loggerImportRowsSchema>;

/** Remote commands: send one, and the command audit. */
export const commandEndpoints = {
  operate: defineEndpoint({ method: 'POST', path: '/want/device/operate', body: operateRequestSchema, result: commandRecordSchema }),
  list: defineEndpoint({ method: 'GET', path: '/want/command/list', query: listQuerySchema, result: pageSchema(commandRecordSchema) }),
  queryById: defineEndpoint({ method: 'GET', path: '/want/command/queryById', query: idQuerySchema, result: commandRecordSchema }),
};
