import { isIPv6 } from 'node:net';
import { loggerSnPattern } from '@cellsight/contract';
import { loggerMqttPassword, sameSecret } from '@cellsight/contract/device-crypto';
import { createLoggerRateLimit } from './logger-rate-limit.js';

/** What the embedded broker answers a CONNECT (its return code is the transport's business). */
export type ConnectVerdict = 'accepted' | 'refused' | 'limited';

/** A logger's CONNECT as the broker received it. */
export interface ConnectAttempt {
  /** The peer address of the TCP connection (TRUST_PROXY is HTTP only: MQTT has no forwarded address). */
  address: string | undefined;
  clientId: string;
  username: string | undefined;
  password: string | undefined;
}

export interface LoggerConnectOptions {
  /** The logger's registration key, or null when no logger has this gsn: the registry read a CONNECT costs. */
  registrationKey(gsn: string): Promise<string | null>;
  /**
   * CONNECTs from one address that may read the registry and be refused, per minute and at once
   * (MQTT_FAILED_CONNECTS_PER_MINUTE); 0 turns the limit off.
   */
  failedPerMinute: number;
  /** An address went over its budget: the CONNECTs refused for it since its last report (at most one a minute). */
  onLimited?(address: string, refused: number): void;
  /** How long a refusal is answered again without a read. */
  refusalForMs?: number;
  /** Refusals held at most (the oldest go first), so random ids cannot grow memory. */
  maxRefusals?: number;
  /** Addresses whose budget is held at most. */
  maxAddresses?: number;
  now?: () => number;
}

/**
 * Where the budget of a CONNECT's address is kept: an IPv4 address as it is (an IPv4-mapped IPv6
 * address as its IPv4), an IPv6 address by its /64, because one host is usually given a whole /64
 * and would otherwise have 2^64 budgets.
 */
export const connectAddressKey = (address: string | undefined): string => {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = (address.split('%')[0] ?? '').split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A trailing dotted IPv4 part stands for two groups.
  const rightGroups = right.length + (right.at(-1)?.includes('.') ? 1 : 0);
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - rightGroups)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
};

/**
 * Checks loggers' CONNECTs at the embedded broker (user name = client id = gsn, the derived
 * password, docs/device-protocol.md section 2.2) so that strangers cannot make it read the registry
 * without limit (issue 26: 1,500 CONNECTs of random ids at 60/s slowed the console tenfold):
 *
 * - A refusal is remembered per gsn for `refusalForMs`: an unknown gsn, or a known one with the
 *   password it was refused for. The same CONNECT again (a fleet of unregistered loggers, a logger
 *   with an old key retrying) is refused without a read. Bounded by `maxRefusals`; a registration
 *   or key change (`forget`) drops the gsn's refusal at once, and on another server process it
 *   lasts at most `refusalForMs`.
 * - Every other refused CONNECT has cost a read, and is charged to its address's budget of
 *   `failedPerMinute` (a token bucket); accepted ones are not, so loggers that connect, however many
 *   share an address behind NAT and however many at once, never use it up. While the budget is
 *   spent, a CONNECT that would need a read is refused without one ('limited'). CONNECTs that arrive
 *   together are all read, and their refusals are charged into debt, which the address waits out:
 *   over time it never costs more reads than its budget, one burst aside.
 */
export const createLoggerConnectService = (options: LoggerConnectOptions) => {
  const now = options.now ?? Date.now;
  const refusalForMs = options.refusalForMs ?? 30_000;
  const maxRefusals = options.maxRefusals ?? 10_000;
  const budget = createLoggerRateLimit({
    messagesPerMinute: options.failedPerMinute,
    burst: options.failedPerMinute,
    maxLoggers: options.maxAddresses ?? 100_000,
    now,
  });
  /** gsn -> when its refusal lapses, and the password refused (null: no such logger). In the order remembered, so the first lapses first. */
  const refusals = new Map<string, { until: number; password: string | null }>();
  /** Registry reads under way, shared by CONNECTs of the same gsn. */
  const reading = new Map<string, Promise<string | null>>();
  let generation = 0;
  /** Registry reads made since the start: what CONNECTs have cost the database. */
  let reads = 0;

  const remember = (gsn: string, password: string | null) => {
    const at = now();
    refusals.delete(gsn);
    for (const [oldest, refusal] of refusals) {
      if (refusal.until > at && refusals.size < maxRefusals) break;
      refusals.delete(oldest);
    }
    refusals.set(gsn, { until: at + refusalForMs, password });
  };

  const refusedBefore = (gsn: string, password: string): boolean => {
    const refusal = refusals.get(gsn);
    if (!refusal) return false;
    if (refusal.until <= now()) {
      refusals.delete(gsn);
      return false;
    }
    return refusal.password === null || refusal.password === password;
  };

  /** The gsn's key from the registry; a refusal is remembered only if no `forget` came while it was read. */
  const registrationKey = (gsn: string): Promise<string | null> => {
    const pending = reading.get(gsn);
    if (pending) return pending;
    reads++;
    const read = options.registrationKey(gsn).finally(() => {
      if (reading.get(gsn) === read) reading.delete(gsn);
    });
    reading.set(gsn, read);
    return read;
  };

  return {
    /** Throws when the registry cannot be read (the broker answers "server unavailable"). */
    async check(attempt: ConnectAttempt): Promise<ConnectVerdict> {
      const gsn = attempt.username ?? '';
      const password = attempt.password ?? '';
      if (!loggerSnPattern.test(gsn) || attempt.clientId !== gsn || !password) return 'refused';
      if (refusedBefore(gsn, password)) return 'refused';
      const address = connectAddressKey(attempt.address);
      const verdict = budget.peek(address);
      if (!verdict.allowed) {
        if (verdict.report) options.onLimited?.(address, verdict.report.dropped);
        return 'limited';
      }
      const readSince = generation;
      // A read that fails (database unavailable) charges nothing: the broker answers 0x03 anyway.
      const key = await registrationKey(gsn);
      if (key !== null && sameSecret(loggerMqttPassword(gsn, key), password)) return 'accepted';
      budget.charge(address);
      if (readSince === generation) remember(gsn, key === null ? null : password);
      return 'refused';
    },

    /** The logger was registered or its key changed: its next CONNECT is read afresh. */
    forget(gsn: string): void {
      refusals.delete(gsn);
      reading.delete(gsn);
      generation++;
    },

    /** Refusals held in memory now. */
    refusalsHeld: (): number => refusals.size,

    /** Registry reads CONNECTs have made since the start. */
    registryReads: (): number => reads,
  };
};

export type LoggerConnectService = ReturnType<typeof createLoggerConnectService>;
