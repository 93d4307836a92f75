import { createHash } from 'node:crypto';
import { loggerMqttPassword } from '@cellsight/contract/device-crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LoggerRecords } from '../../logger/index.js';
import { type AccountChange, type BrokerAccountsRepository, type LoggerAccount, loggerRoleName } from './broker-accounts.repository.js';

export interface BrokerAccountsServiceDeps {
  accounts: BrokerAccountsRepository;
  loggers: Pick<LoggerRecords, 'loggerKeys'>;
  log: FastifyBaseLogger;
  /** Wait before a failed sync is tried again. */
  retryMs?: number;
}

export interface SyncReport {
  loggers: number;
  created: number;
  updated: number;
}

/** Loggers read from the registry per round of the full sync. */
const registryPageSize = 1000;

/**
 * Which password an account was given, without storing the password: Mosquitto never reads a
 * password back, so the platform writes this tag beside it and compares tags to see whether a key
 * changed. Changing an account drops the logger's connection, so unchanged accounts are left alone.
 */
const passwordTag = (password: string): string => `cellsight:${createHash('sha256').update(`dynsec-tag:${password}`).digest('hex').slice(0, 24)}`;

const changesFor = (loggers: { gsn: string; registrationKey: string }[], existing: Map<string, LoggerAccount>): AccountChange[] =>
  loggers.flatMap(({ gsn, registrationKey }): AccountChange[] => {
    const password = loggerMqttPassword(gsn, registrationKey);
    const tag = passwordTag(password);
    const account = existing.get(gsn);
    if (!account) return [{ kind: 'create', gsn, password, tag }];
    if (account.tag === tag && account.clientid === gsn && account.roles.includes(loggerRoleName(gsn))) return [];
    return [{ kind: 'update', gsn, password, tag }];
  });

/**
 * Keeps Mosquitto's logger accounts in step with the logger registry (external broker with the
 * dynamic-security plugin): every registered logger is checked at each connection to the broker
 * (start, and after the broker was away), loggers are provisioned when registered, and a rotated
 * key becomes the account's new password at once (Mosquitto then drops the logger's connection).
 * A change that could not reach the broker is not lost: a full sync follows after `retryMs`.
 */
export const createBrokerAccountsService = (deps: BrokerAccountsServiceDeps) => {
  const retryMs = deps.retryMs ?? 30_000;
  let running: Promise<SyncReport> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  const scheduleRetry = () => {
    if (retry || closed) return;
    retry = setTimeout(() => {
      retry = null;
      void sync().catch(() => undefined);
    }, retryMs);
    retry.unref();
  };

  const syncAll = async (): Promise<SyncReport> => {
    const existing = await deps.accounts.accounts();
    const report: SyncReport = { loggers: 0, created: 0, updated: 0 };
    for (let after = ''; ; ) {
      const page = await deps.loggers.loggerKeys(after, registryPageSize);
      if (page.length === 0) return report;
      const changes = changesFor(page, existing);
      await deps.accounts.apply(changes);
      report.loggers += page.length;
      report.created += changes.filter((change) => change.kind === 'create').length;
      report.updated += changes.filter((change) => change.kind === 'update').length;
      after = page[page.length - 1]?.gsn ?? after;
    }
  };

  /** One full sync at a time; a call while one runs shares it. */
  const sync = (): Promise<SyncReport> => {
    running ??= syncAll()
      .then(
        (report) => {
          deps.log.info(`broker accounts: ${report.loggers} loggers checked, ${report.created} created, ${report.updated} updated`);
          return report;
        },
        (error: unknown) => {
          deps.log.error({ err: error }, 'broker accounts: sync failed; trying again later');
          scheduleRetry();
          throw error;
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    /** Connects with the dynsec admin account; each connection starts a full sync. */
    async start(): Promise<void> {
      deps.accounts.onConnect(() => void sync().catch(() => undefined));
      await deps.accounts.start();
    },

    sync,

    /** Resolves once no full sync is running (tests, and a caller that must know the broker is in step). */
    async settled(): Promise<void> {
      while (running) await running.catch(() => undefined);
    },

    /**
     * Provisions these loggers from the registry: creates missing accounts, sets the password where
     * the key changed. Never throws: the registry is already changed, and a failure is retried.
     */
    async provision(gsns: string[]): Promise<void> {
      if (gsns.length === 0) return;
      try {
        const loggers = await deps.loggers.loggerKeys('', gsns.length, gsns);
        await deps.accounts.apply(changesFor(loggers, await deps.accounts.accounts(gsns)));
      } catch (error) {
        deps.log.error({ err: error }, `broker accounts: could not provision ${gsns.join(', ').slice(0, 200)}; a full sync follows`);
        scheduleRetry();
      }
    },

    async close(): Promise<void> {
      closed = true;
      if (retry) clearTimeout(retry);
      await running?.catch(() => undefined);
      await deps.accounts.close();
    },
  };
};

export type BrokerAccountsService = ReturnType<typeof createBrokerAccountsService>;
