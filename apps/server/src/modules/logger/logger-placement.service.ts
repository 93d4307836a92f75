import { DataLogTable, type LoggerAliasRequest } from '@cellsight/contract';
import { invalidField, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { LoggerIdentity, LoggerRepository } from './logger.repository.js';
import type { DataLogRecorder } from '../data-log/data-log.service.js';

export interface LoggerPlacementDeps {
  loggers: LoggerRepository;
  dataLog?: DataLogRecorder;
  /** A station lost a logger: its status follows its loggers (the station module's `app.stations`). */
  refreshStation(stationId: string): Promise<void>;
  /** Consoles that show these stations reload them (the station module's `app.stations`). */
  stationsChanged(stationIds: string[]): void;
  /** The device plane forgets what it holds of these loggers (their station, their zone). */
  loggersMoved(gsns: string[]): void;
}

/** A logger as the data log records it. */
const loggerState = (logger: LoggerIdentity) => ({ gsn: logger.gsn, tenantId: logger.tenantId, stationId: logger.stationId, timezone: logger.timezone });

/** A logger's alias, and taking it off its station: writes of the logger the caller sees, each in the data log. */
export const createLoggerPlacementService = (deps: LoggerPlacementDeps) => {
  const visibleLogger = async (auth: AuthContext, gsn: string) => {
    const logger = await deps.loggers.findVisibleLogger(gsn, deps.loggers.visibleGsns(auth));
    if (!logger) throw notFound(`logger ${gsn}`, 'gsn');
    return logger;
  };
  return {
    /** Takes a logger the caller sees off its station; its data stays with the logger. */
    async unbindLogger(auth: AuthContext, gsn: string): Promise<string> {
      const logger = await visibleLogger(auth, gsn);
      const stationId = await deps.loggers.unbind(gsn, auth.username);
      if (!stationId) throw invalidField('gsn', `logger ${gsn} is on no station`);
      await deps.dataLog?.record({ table: DataLogTable.Logger, id: gsn, action: 'edit', before: loggerState(logger), after: { ...loggerState(logger), stationId: null }, by: auth.username, tenantId: logger.tenantId });
      await deps.refreshStation(stationId);
      deps.loggersMoved([gsn]);
      deps.stationsChanged([stationId]);
      return `Unbound logger ${gsn} from station ${stationId}`;
    },

    async setAlias(auth: AuthContext, request: LoggerAliasRequest): Promise<void> {
      const logger = await visibleLogger(auth, request.gsn);
      const before = await deps.loggers.loggerAlias(request.gsn);
      const alias = request.alias === null || request.alias === '' ? null : request.alias;
      await deps.loggers.setAlias(request.gsn, alias, auth.username);
      await deps.dataLog?.record({ table: DataLogTable.Logger, id: request.gsn, action: 'edit', before: { ...loggerState(logger), alias: before }, after: { ...loggerState(logger), alias }, by: auth.username, tenantId: logger.tenantId });
      deps.loggersMoved([request.gsn]);
    },
  };
};

export type LoggerPlacementService = ReturnType<typeof createLoggerPlacementService>;
