import { type BatteryMove, ServerCode } from '@cellsight/contract';
import { AppError, badRequest, invalidField } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.plugin.js';
import { LogType, OperateType, type LogRepository } from '../log/log.repository.js';
import type { DeviceRepository } from './device.repository.js';

export interface BatteryMoveServiceDeps {
  devices: DeviceRepository;
  logs: LogRepository;
  /**
   * The device plane's part once the new owner is stored: ingestion forgets the cached owner, so the
   * new logger's very next sample is stored and the old one's dropped; the new tenant's consoles refresh.
   */
  moved(batterySn: string, to: { gsn: string; tenantId: number | null }): void;
}

/**
 * A 404 that names the field it is about, so a form can show it there. The same answer for a
 * record outside the caller's tenants as for one that does not exist (record scope).
 */
const notFoundField = (field: string, what: string) => new AppError(ServerCode.NOT_FOUND, `${field}: ${what} not found`, 404, [{ field, message: `${what} not found` }]);

/**
 * Moving a pack to another logger (device protocol 4.1, battery ownership): a battery belongs to
 * the logger that reported it first, and only an administrator gives it to another one. The
 * battery's stored samples, rollups and events stay with it.
 */
export const createBatteryMoveService = (deps: BatteryMoveServiceDeps) => ({
  async move(auth: AuthContext, request: BatteryMove, ip: string | null): Promise<void> {
    const visible = deps.devices.visibleGsns(auth);
    const battery = await deps.devices.findVisibleBattery(request.batterySn, visible);
    if (!battery) throw notFoundField('batterySn', `battery ${request.batterySn}`);
    const target = await deps.devices.findVisibleLogger(request.gsn, visible);
    if (!target) throw notFoundField('gsn', `logger ${request.gsn}`);
    if (target.gsn === battery.gsn) throw invalidField('gsn', `battery ${request.batterySn} already belongs to logger ${target.gsn}`);
    const moved = await deps.devices.moveBattery(request.batterySn, battery.gsn, target.gsn);
    if (!moved) throw badRequest(ServerCode.OPERATION_FAILED, `battery ${request.batterySn} was moved meanwhile; reload and try again`);
    deps.moved(request.batterySn, target);
    // The operation log has the call itself; this entry names both loggers, which only the move knows.
    await deps.logs.add({
      logType: LogType.Operation,
      logContent: `Moved battery ${request.batterySn} from logger ${battery.gsn} to logger ${target.gsn}`,
      operateType: OperateType.Edit,
      userid: auth.username,
      username: auth.realname,
      ip,
      requestUrl: '/want/battery/move',
      requestType: 'POST',
    });
  },
});

export type BatteryMoveService = ReturnType<typeof createBatteryMoveService>;
