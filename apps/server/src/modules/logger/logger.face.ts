import type { LoggerRepository } from './logger.repository.js';

/**
 * The logger module's face: what other modules read and write of loggers (the scope rule's visible
 * loggers, keys for the broker's accounts, status, online state and events that the device plane
 * stores, the demo fleet's loggers). The door builds it once, as `app.loggers`; the module's
 * repository stays its own.
 */
export const createLoggerRecords = (repository: LoggerRepository) => {
  const { findLogger, findVisibleLogger, visibleGsns, loggerKeys, updateStatus, upsertEvents, setOnline, touch, markSilentOffline, insertLoggers } = repository;
  return { findLogger, findVisibleLogger, visibleGsns, loggerKeys, updateStatus, upsertEvents, setOnline, touch, markSilentOffline, insertLoggers };
};

export type LoggerRecords = ReturnType<typeof createLoggerRecords>;
