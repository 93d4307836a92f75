import { type BatteryMove, ServerCode } from '@cellsight/contract';
import { badRequest, invalidField, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { BatteryChangeRepository } from './battery-change.repository.js';
import type { BatteryRecords } from '../battery/index.js';
import type { LoggerRecords, LoggerIdentity } from '../logger/index.js';

export interface BatteryMoveServiceDeps {
  loggers: Pick<LoggerRecords, 'visibleGsns' | 'findVisibleLogger'>;
  batteries: Pick<BatteryRecords, 'findVisibleBattery' | 'moveBattery'>;
  /** The battery change records: a move is recorded in its own transaction. */
  changes: Pick<BatteryChangeRepository, 'insert'>;
  /**
   * The device plane's part once the new owner is stored: ingestion forgets the cached owner, so the
   * new logger's very next sample is stored and the old one's dropped; the new tenant's consoles refresh.
   */
  moved(batterySn: string, to: LoggerIdentity): void;
}

/**
 * Moving a pack to another logger (device protocol 4.1, battery ownership): a battery belongs to
 * the logger that reported it first, and only an administrator gives it to another one. The
 * battery's stored samples, rollups and events stay with it.
 */
export const createBatteryMoveService = (deps: BatteryMoveServiceDeps) => ({
  /** Returns the operation log's description of the change. A record outside the caller's scope answers as one that does not exist. */
  async move(auth: AuthContext, request: BatteryMove): Promise<string> {
    const visible = deps.loggers.visibleGsns(auth);
    const battery = await deps.batteries.findVisibleBattery(request.batterySn, visible);
    if (!battery) throw notFound(`battery ${request.batterySn}`, 'batterySn');
    const target = await deps.loggers.findVisibleLogger(request.gsn, visible);
    if (!target) throw notFound(`logger ${request.gsn}`, 'gsn');
    if (target.gsn === battery.gsn) throw invalidField('gsn', `battery ${request.batterySn} already belongs to logger ${target.gsn}`);
    const moved = await deps.batteries.moveBattery(request.batterySn, battery.gsn, target.gsn, async (tx) => {
      await deps.changes.insert(
        { tenantId: target.tenantId, loggerGsn: target.gsn, stationId: target.stationId, oldSn: request.batterySn, newSn: request.batterySn, previousLoggerGsn: battery.gsn, changeTime: new Date(), source: 'moved', createBy: auth.username },
        tx,
      );
    });
    if (!moved) throw badRequest(ServerCode.OPERATION_FAILED, `battery ${request.batterySn} was moved meanwhile; reload and try again`);
    deps.moved(request.batterySn, target);
    return `Moved battery ${request.batterySn} from logger ${battery.gsn} to logger ${target.gsn}`;
  },
});

export type BatteryMoveService = ReturnType<typeof createBatteryMoveService>;
