import { commandMaxAgeMs, commandMessageSchema, DeviceCode, remoteSettingsSchema, type CommandMessage, type DeviceCodeValue, type RemoteSettings } from '@cellsight/contract';
import { verifyCommand } from '@cellsight/contract/device-crypto';

/**
 * What a logger checks before it executes a command (docs/device-protocol.md, "Commands"), as a
 * pure function so the rules are testable without a broker.
 */

/** Commands whose `ts` is further than `commandMaxAgeMs` from the logger clock are refused (code 2). */
export { commandMaxAgeMs };

export interface UpgradeRequest {
  version: string;
  url: string;
  size: number;
  sha256: string;
}

export type CommandAction =
  | { op: 'restart' }
  | { op: 'shutdown' }
  | { op: 'settings'; settings: RemoteSettings }
  | { op: 'upgrade'; upgrade: UpgradeRequest };

export type CommandCheck =
  /** Verified: execute it and ack. */
  | { kind: 'execute'; command: CommandMessage; action: CommandAction }
  /** A redelivery of a command already handled (same id and nonce): repeat the last ack, do not run it again. */
  | { kind: 'duplicate'; id: string }
  /** Refused: ack `code` when the message carries an id, else drop it. */
  | { kind: 'refuse'; id: string | null; code: DeviceCodeValue; message: string };

/**
 * Nonces of verified commands, remembered as long as a command carrying them could still pass the
 * age check; a bounded map, oldest dropped first.
 */
export class NonceMemory {
  private readonly seen = new Map<string, { id: string; ts: number }>();

  constructor(private readonly limit = 10_000) {}

  get(nonce: string): { id: string; ts: number } | undefined {
    return this.seen.get(nonce);
  }

  remember(nonce: string, id: string, ts: number, now: number): void {
    for (const [key, entry] of this.seen) {
      if (entry.ts >= now - commandMaxAgeMs && this.seen.size < this.limit) break;
      this.seen.delete(key);
    }
    this.seen.set(nonce, { id, ts });
  }

  get size(): number {
    return this.seen.size;
  }
}

export interface CommandContext {
  signingKey: string;
  batterySns: readonly string[];
  nonces: NonceMemory;
  now: number;
}

const printableAscii = /^[\x20-\x7e]*$/;
const sha256Hex = /^[0-9a-fA-F]{64}$/;

const refuse = (id: string | null, code: DeviceCodeValue, message: string): CommandCheck => ({ kind: 'refuse', id, code, message });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every string inside a decoded JSON value (escapes like \u0007 decode to illegal characters). */
const allStrings = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (isRecord(value)) return Object.entries(value).flatMap(([k, v]) => [k, ...allStrings(v)]);
  return [];
};

const parseUpgrade = (value: unknown): UpgradeRequest | null => {
  if (!isRecord(value)) return null;
  const { version, url, size, sha256 } = value;
  if (typeof version !== 'string' || version.length < 1 || version.length > 32) return null;
  if (typeof url !== 'string' || !/^https?:\/\/\S+$/.test(url) || url.length > 2048) return null;
  if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0) return null;
  if (typeof sha256 !== 'string' || !sha256Hex.test(sha256)) return null;
  return { version, url, size, sha256: sha256.toLowerCase() };
};

/** Reads the value of a command; codes 4 (not JSON, wrong type, out of range) and 5 (illegal character). */
const checkValue = (command: CommandMessage): { action: CommandAction } | { code: DeviceCodeValue; message: string } => {
  const { op, val } = command;
  if (!printableAscii.test(val)) return { code: DeviceCode.ILLEGAL_CHARACTER, message: 'val holds characters outside printable ASCII' };
  if (op === 'restart' || op === 'shutdown') {
    return val === '' ? { action: { op } } : { code: DeviceCode.WRONG_PARAMETER_TYPE, message: `${op} takes an empty val` };
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(val);
  } catch {
    return { code: DeviceCode.WRONG_PARAMETER_TYPE, message: 'val is not JSON' };
  }
  if (!allStrings(decoded).every((s) => printableAscii.test(s))) {
    return { code: DeviceCode.ILLEGAL_CHARACTER, message: 'val holds characters outside printable ASCII' };
  }
  if (op === 'settings') {
    const settings = remoteSettingsSchema.safeParse(decoded);
    if (!settings.success) {
      const issue = settings.error.issues[0];
      return { code: DeviceCode.WRONG_PARAMETER_TYPE, message: `settings: ${issue?.path.join('.') || 'value'} ${issue?.message ?? 'is invalid'}`.slice(0, 256) };
    }
    return { action: { op, settings: settings.data } };
  }
  const upgrade = parseUpgrade(decoded);
  if (!upgrade) return { code: DeviceCode.WRONG_PARAMETER_TYPE, message: 'upgrade needs {version, url, size, sha256}' };
  return { action: { op, upgrade } };
};

/**
 * Checks a raw command payload in the order the protocol fixes: shape (4), signature (2), nonce
 * (redelivery or replay, 2), age (2), battery (1), value (4 or 5).
 */
export const checkCommand = (payload: Buffer | string, context: CommandContext): CommandCheck => {
  let raw: unknown;
  try {
    raw = JSON.parse(payload.toString());
  } catch {
    return refuse(null, DeviceCode.WRONG_PARAMETER_TYPE, 'command is not JSON');
  }
  const id = isRecord(raw) && typeof raw.id === 'string' && raw.id.length > 0 && raw.id.length <= 64 ? raw.id : null;
  const parsed = commandMessageSchema.safeParse(raw);
  if (!isRecord(raw) || !parsed.success) return refuse(id, DeviceCode.WRONG_PARAMETER_TYPE, 'command does not match the command schema');
  const command = parsed.data;

  // The signature covers every field the platform sent (raw, not the parsed copy), except sign.
  if (!verifyCommand({ ...raw, sign: command.sign }, context.signingKey)) return refuse(command.id, DeviceCode.WRONG_SIGNATURE, 'wrong signature');

  const seen = context.nonces.get(command.nonce);
  if (seen) {
    return seen.id === command.id ? { kind: 'duplicate', id: command.id } : refuse(command.id, DeviceCode.WRONG_SIGNATURE, 'nonce already used');
  }
  if (Math.abs(context.now - command.ts) > commandMaxAgeMs) return refuse(command.id, DeviceCode.WRONG_SIGNATURE, 'command expired (ts more than 5 minutes off)');
  context.nonces.remember(command.nonce, command.id, command.ts, context.now);

  if (command.batterySn !== undefined && !context.batterySns.includes(command.batterySn)) {
    return refuse(command.id, DeviceCode.WRONG_BATTERY_SN, `battery ${command.batterySn} is not connected to this logger`);
  }
  const value = checkValue(command);
  if ('code' in value) return refuse(command.id, value.code, value.message);
  return { kind: 'execute', command, action: value.action };
};
