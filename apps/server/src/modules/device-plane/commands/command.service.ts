import { randomBytes } from 'node:crypto';
import {
  type AckMessage,
  DataLogTable,
  type CommandMessage,
  type CommandRecord,
  type ListQuery,
  type OperateRequest,
  type Page,
  type UpgradeTarget,
  DeviceCode,
  Permission,
  ServerCode,
  commandPermissionOf,
  commandAckTimeoutMs,
  commandMaxAgeMs,
  deviceTopics,
  firmwareUpgradeSchema,
  protocolVersion,
  remoteSettingsSchema,
  upgradeCooldownMs,
  upgradeSilenceTimeoutMs,
  upgradeRefusals,
  upgradeTargetSchema,
} from '@cellsight/contract';
import { loggerSigningKey, signCommand } from '@cellsight/contract/device-crypto';
import { AppError, badRequest, forbidden, invalidField, notFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { buildListQuery, toPage } from '../../../kit/list-query.js';
import type { AuthContext } from '../../../access/auth-context.js';
import type { BatteryRecords } from '../../battery/index.js';
import type { LoggerRecords, LoggerIdentity } from '../../logger/index.js';
import { type CommandRepository, commandListSpec } from './command.repository.js';
import { type CommandRow, toCommandRecord } from './command-record.js';
import type { DataLogRecorder } from '../../data-log/data-log.service.js';

/** The requested settings as the log keeps them: the command's JSON value read, or the text as sent. */
const settingsOf = (val: string): unknown => {
  try {
    return JSON.parse(val) as unknown;
  } catch {
    return val;
  }
};

interface Dependencies {
  commands: CommandRepository;
  loggers: LoggerRecords;
  batteries: Pick<BatteryRecords, 'batteryOwners'>;
  /** Publishes to the broker; resolves when the broker has taken the message. */
  publish: (topic: string, payload: Buffer) => Promise<void>;
  /** Told with the command's logger, so those who see that logger hear of it. */
  onChanged: (record: CommandRecord, logger: LoggerIdentity | null) => void;
  /** The address, size and checksum of a firmware library file for this logger (or one of its batteries). */
  upgradeTarget: (logger: LoggerIdentity, batterySn: string | null, firmwareId: string, baseUrl: string) => Promise<UpgradeTarget>;
  /**
   * Where loggers reach this platform over HTTP (PUBLIC_URL): a library upgrade's download address
   * starts with it. Null: library upgrades are refused (never the request's Host, which the caller chooses).
   */
  publicUrl: string | null;
  now?: () => Date;
  /** The data log: a battery setting (a settings command) is recorded with the values requested. */
  dataLog?: DataLogRecorder;
}

/** Commands that are no longer waiting for anything. */
const terminal = (row: CommandRow) => row.finishedAt !== null;

/**
 * Remote commands: checks, signs and sends them, then follows each through the device's answers
 * (pending → sent → acknowledged | failed | timed_out). The stored rows are the audit trail.
 */
export const createCommandService = (deps: Dependencies) => {
  const now = deps.now ?? (() => new Date());
  /** Loggers the caller may see (the station scope rule). */
  const visibleLoggers = (auth: AuthContext) => deps.loggers.visibleGsns(auth);

  const changed = async (row: CommandRow | null) => {
    if (!row) return;
    const logger = await deps.loggers.findLogger(row.loggerGsn);
    deps.onChanged(toCommandRecord(row), logger);
  };

  /** The command's value as the logger gets it; an upgrade's firmware (`{"firmwareId"}`) becomes its signed download. */
  const validateValue = async (auth: AuthContext, logger: LoggerIdentity, request: { op: OperateRequest['op']; batterySn?: string; val: string }): Promise<string> => {
    const { op, val } = request;
    if (op === 'restart' || op === 'shutdown') return '';
    let json: unknown;
    try {
      json = JSON.parse(val);
    } catch {
      throw invalidField('val', op === 'settings' ? 'must be JSON of the settings' : 'must be JSON naming the firmware ({"firmwareId": ...})');
    }
    if (op === 'settings') {
      const result = remoteSettingsSchema.safeParse(json);
      if (!result.success) {
        const issue = result.error.issues[0];
        const field = issue?.path.join('.') || 'val';
        const outOfRange = issue?.code === 'too_big' || issue?.code === 'too_small';
        throw new AppError(outOfRange ? ServerCode.OUT_OF_RANGE : ServerCode.INCORRECT_PARAMETER, `val.${field}: ${issue?.message ?? 'is invalid'}`, 400, [{ field: `val.${field}`, message: issue?.message ?? 'is invalid' }]);
      }
      return JSON.stringify(result.data);
    }
    const fromLibrary = firmwareUpgradeSchema.safeParse(json);
    if (fromLibrary.success) {
      if (!deps.publicUrl) throw badRequest(ServerCode.OPERATION_FAILED, upgradeRefusals.noPublicUrl);
      return JSON.stringify(await deps.upgradeTarget(logger, request.batterySn ?? null, fromLibrary.data.firmwareId, deps.publicUrl));
    }
    // An address of the caller's choosing is for those who keep the library: anyone else could send loggers anywhere.
    if (!auth.permissions.has(Permission.FirmwareAdd)) throw invalidField('val.firmwareId', 'is required: choose a file of the firmware library');
    const result = upgradeTargetSchema.safeParse(json);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw invalidField(`val.${issue?.path.join('.') ?? ''}`, issue?.message ?? 'is invalid');
    }
    return JSON.stringify(result.data);
  };

  /** Builds the signed message of a stored command (signed with the logger's current key) and publishes it. */
  const deliver = (row: CommandRow, registrationKey: string) => {
    const unsigned: Omit<CommandMessage, 'sign'> = {
      v: protocolVersion,
      id: row.id,
      op: row.op as CommandMessage['op'],
      ...(row.batterySn ? { batterySn: row.batterySn } : {}),
      val: row.val,
      nonce: row.nonce,
      ts: row.createTime.getTime(),
    };
    const message: CommandMessage = { ...unsigned, sign: signCommand(unsigned, loggerSigningKey(row.loggerGsn, registrationKey)) };
    return deps.publish(deviceTopics.command(row.loggerGsn), Buffer.from(JSON.stringify(message)));
  };

  return {
    /** Checks, signs and sends a command; the answer arrives later through `onAck`. */
    async send(auth: AuthContext, request: { gsno: string; op: OperateRequest['op']; batterySn?: string; val: string }): Promise<CommandRecord> {
      if (!auth.permissions.has(commandPermissionOf[request.op])) throw forbidden(`No permission to send ${request.op} commands`);
      // Outside the caller's scope is the same answer as a logger that does not exist.
      const logger = await deps.loggers.findVisibleLogger(request.gsno, visibleLoggers(auth));
      if (!logger) throw notFound(`logger ${request.gsno}`, 'gsno');
      if (request.batterySn) {
        const owners = await deps.batteries.batteryOwners([request.batterySn]);
        if (owners.get(request.batterySn) !== logger.gsn) throw invalidField('batterySn', `is not a battery of logger ${logger.gsn}`);
      }
      // A value out of range (4031) is the caller's to fix whatever the device's state: it is said first.
      const val = await validateValue(auth, logger, request);
      if (!logger.online) {
        throw badRequest(
          ServerCode.DEVICE_OFFLINE,
          request.op === 'upgrade' ? upgradeRefusals.offline : `Logger ${logger.gsn} is offline`,
        );
      }
      if (request.op === 'upgrade') {
        const last = await deps.commands.lastUpgrade(logger.gsn, request.batterySn ?? null);
        if (last && now().getTime() - last.createTime.getTime() < upgradeCooldownMs) {
          throw badRequest(ServerCode.OPERATION_FAILED, upgradeRefusals.coolDown);
        }
      }
      const row = await deps.commands.insert({
        id: newId(),
        loggerGsn: logger.gsn,
        batterySn: request.batterySn ?? null,
        op: request.op,
        val,
        nonce: randomBytes(16).toString('hex'),
        status: 'pending',
        createBy: auth.username,
        createTime: now(),
      });
      const id = row.id;
      if (request.op === 'settings') {
        await deps.dataLog?.record({ table: DataLogTable.BatterySetting, id: row.batterySn ?? row.loggerGsn, action: 'edit', after: { loggerGsn: row.loggerGsn, batterySn: row.batterySn, settings: settingsOf(val), status: row.status }, by: auth.username, tenantId: logger.tenantId });
      }
      try {
        await deliver(row, logger.registrationKey);
      } catch (error) {
        const failed = await deps.commands.update(id, { status: 'failed', code: DeviceCode.OFFLINE, message: `not delivered: ${(error as Error).message}`.slice(0, 256), finishedAt: now() });
        await changed(failed);
        throw new AppError(ServerCode.DEVICE_OFFLINE, `The command could not be delivered to ${logger.gsn}`, 502);
      }
      // The answer can come back before this update; only move forward from pending.
      const sent = (await deps.commands.markSent(id, now())) ?? (await deps.commands.find(id));
      await changed(sent);
      if (!sent) throw notFound('Command');
      return toCommandRecord(sent);
    },

    /**
     * A logger can take commands again (it subscribed to its command topic after connecting):
     * the commands it has not answered are sent again, identical (same id, nonce and time), for as
     * long as it would still accept them. The database is the queue, so this also holds after a
     * platform restart, when the embedded broker has forgotten every session; a logger that already
     * has a command repeats its answer instead of executing it twice (device protocol 8.3).
     */
    async redeliver(gsn: string): Promise<number> {
      const pending = await deps.commands.unanswered(gsn, new Date(now().getTime() - commandMaxAgeMs));
      if (pending.length === 0) return 0;
      const logger = await deps.loggers.findLogger(gsn);
      if (!logger) return 0;
      for (const row of pending) {
        await deliver(row, logger.registrationKey);
        if (row.status === 'pending') await changed(await deps.commands.markSent(row.id, now()));
      }
      return pending.length;
    },

    /**
     * A device answered. An answer after the timeout still counts (a restart that did happen must
     * not look failed) and marks the command late; unknown or replayed answers change nothing.
     */
    async onAck(gsn: string, ack: AckMessage): Promise<void> {
      const row = await deps.commands.find(ack.id);
      const late = row?.status === 'timed_out';
      if (!row || row.loggerGsn !== gsn || (terminal(row) && !late)) return;
      const at = now();
      const values: Partial<CommandRow> = { code: ack.code, message: ack.message ?? null, lastReportAt: at, ...(late ? { lateAck: true, finishedAt: null } : {}) };
      if (ack.code !== DeviceCode.OK) Object.assign(values, { status: 'failed', finishedAt: at, upgradeState: ack.upgradeState ?? (row.op === 'upgrade' ? 'failed' : null) });
      else if (row.op !== 'upgrade') Object.assign(values, { status: 'acknowledged', finishedAt: at });
      else {
        const state = ack.upgradeState ?? 'downloading';
        Object.assign(values, { status: state === 'failed' || state === 'download_failed' ? 'failed' : 'acknowledged', upgradeState: state, progress: ack.progress ?? row.progress });
        if (state === 'succeeded' || state === 'failed' || state === 'download_failed') values.finishedAt = at;
        if (state === 'succeeded') values.progress = 100;
      }
      await changed(await deps.commands.update(row.id, values, deps.commands.answerable));
    },

    /** Times out commands nobody answered and upgrades that went silent. */
    async sweepTimeouts(): Promise<number> {
      const at = now();
      const overdue = await deps.commands.overdue(new Date(at.getTime() - commandAckTimeoutMs), new Date(at.getTime() - upgradeSilenceTimeoutMs));
      for (const row of overdue) {
        const upgrade = row.op === 'upgrade';
        await changed(
          await deps.commands.update(
            row.id,
            { status: 'timed_out', finishedAt: at, upgradeState: upgrade ? 'timeout' : null, message: upgrade ? 'upgrade timeout' : 'no answer from the device' },
            deps.commands.notFinished,
          ),
        );
      }
      return overdue.length;
    },

    async list(auth: AuthContext, query: ListQuery): Promise<Page<CommandRecord>> {
      const built = buildListQuery(query, commandListSpec);
      const { rows, total } = await deps.commands.list(built, deps.commands.scopeToLoggers(visibleLoggers(auth)));
      return toPage(rows.map(toCommandRecord), total, built);
    },

    async queryById(auth: AuthContext, id: string): Promise<CommandRecord> {
      const row = await deps.commands.find(id);
      if (!row || !(await deps.loggers.findVisibleLogger(row.loggerGsn, visibleLoggers(auth)))) throw notFound('Command');
      return toCommandRecord(row);
    },
  };
};

export type CommandService = ReturnType<typeof createCommandService>;
