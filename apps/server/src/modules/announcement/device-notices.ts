import { type CommandRecord, type Words, commandOpWords, fillWords, systemMessages } from '@cellsight/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { LoggerIdentity } from '../logger/index.js';
import type { AnnouncementRepository } from './announcement.repository.js';
import type { Notices } from './announcement.plugin.js';

interface Dependencies {
  notices: Notices;
  announcements: Pick<AnnouncementRepository, 'userIdOf' | 'tenantAdmins' | 'stationName'>;
  log: FastifyBaseLogger;
}

/** The words with each language's own name of the operation, and the other placeholders filled. */
const withOp = (words: Words, op: string, values: Record<string, string>): Words => {
  const opWords: Words = (commandOpWords as Record<string, Words>)[op] ?? [op, op, op];
  return fillWords(words, { ...values, op: opWords });
};

/**
 * The device plane's system messages: a remote command that failed or timed out tells the user who
 * sent it; a fault that opened tells those who see its station (the tenant's administrators and the
 * station's owner, installer and distributor: the device events' own audience). Neither holds up
 * the device plane, and a message that cannot be stored is logged, not thrown.
 */
export const createDeviceNotices = (deps: Dependencies) => {
  const pending = new Set<Promise<unknown>>();
  const send = (what: string, work: () => Promise<unknown>) => {
    const sending = work().catch((error: unknown) => deps.log.warn({ err: error }, `could not send the system message of ${what}`));
    pending.add(sending);
    void sending.finally(() => pending.delete(sending));
  };

  return {
    /** Resolves once no system message is being sent (a test that must know none was). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },

    commandChanged(record: CommandRecord, logger: LoggerIdentity | null): void {
      if ((record.status !== 'failed' && record.status !== 'timed_out') || logger?.tenantId == null) return;
      const tenantId = logger.tenantId;
      send(`command ${record.id}`, async () => {
        const sender = await deps.announcements.userIdOf(record.createBy);
        if (!sender) return;
        const timedOut = record.status === 'timed_out';
        const values = { target: record.batterySn ?? record.gsn, reason: record.message ?? (record.code === null ? 'no answer' : `code ${record.code}`) };
        await deps.notices.system({
          tenantId,
          userIds: [sender],
          title: withOp(timedOut ? systemMessages.commandTimedOutTitle : systemMessages.commandFailedTitle, record.op, values),
          message: withOp(timedOut ? systemMessages.commandTimedOut : systemMessages.commandFailed, record.op, values),
          openType: 'url',
          openPage: record.batterySn ? `/battery/detail?${new URLSearchParams({ batterySn: record.batterySn }).toString()}` : '/collector/index',
          busType: 'command',
          busId: record.id,
          priority: 'M',
        });
      });
    },

    eventChanged(logger: LoggerIdentity, change: { batterySn: string | null; type: string; code: string; state: 'open' | 'closed' }): void {
      if (change.type !== 'fault' || change.state !== 'open' || logger.tenantId == null || !logger.stationId) return;
      const { tenantId, stationId } = logger;
      send(`a fault of logger ${logger.gsn}`, async () => {
        const [admins, station] = await Promise.all([deps.announcements.tenantAdmins(tenantId), deps.announcements.stationName(stationId)]);
        const values = { station: station ?? stationId, target: change.batterySn ?? logger.gsn, code: change.code };
        await deps.notices.system({
          tenantId,
          userIds: [...admins, ...logger.audience],
          title: fillWords(systemMessages.faultTitle, values),
          message: fillWords(systemMessages.fault, values),
          openType: 'url',
          openPage: '/site/events',
          busType: 'event',
          busId: logger.gsn,
          priority: 'H',
        });
      });
    },
  };
};

export type DeviceNotices = ReturnType<typeof createDeviceNotices>;
