import type { LoggerRecords, LoggerIdentity } from '../../logger/index.js';

interface Dependencies {
  loggers: LoggerRecords;
  /** A logger went online or offline (its tenant's consoles are told). */
  onChange: (logger: LoggerIdentity, online: boolean) => void;
  now?: () => Date;
}

/**
 * A logger's online state, in one place: it is recorded, and when it changed, the logger's tenant
 * is told. Messages, connections ending and the silence sweep all go through here.
 */
export const createDeviceStateService = (deps: Dependencies) => {
  const now = deps.now ?? (() => new Date());

  const tell = async (gsn: string, online: boolean, known?: LoggerIdentity) => {
    const logger = known ?? (await deps.loggers.findLogger(gsn));
    if (logger) deps.onChange(logger, online);
  };

  const setOnline = async (gsn: string, online: boolean, known?: LoggerIdentity): Promise<void> => {
    if (await deps.loggers.setOnline(gsn, online, now())) await tell(gsn, online, known);
  };

  return {
    setOnline,

    /** The logger was heard from: last seen now, and online. */
    async seen(logger: LoggerIdentity): Promise<void> {
      await deps.loggers.touch([logger.gsn], now());
      await setOnline(logger.gsn, true, logger);
    },

    /** Loggers silent for `silenceMs` are offline now. */
    async sweepSilent(silenceMs: number): Promise<void> {
      const at = now();
      for (const gsn of await deps.loggers.markSilentOffline(new Date(at.getTime() - silenceMs), at)) await tell(gsn, false);
    },
  };
};

export type DeviceStateService = ReturnType<typeof createDeviceStateService>;
