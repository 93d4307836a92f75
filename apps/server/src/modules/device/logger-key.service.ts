import { type LoggerKeyRotation, ServerCode } from '@cellsight/contract';
import { badRequest, invalidField, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.plugin.js';
import { LogType, OperateType, type LogRepository } from '../log/log.repository.js';
import type { DeviceRepository } from './device.repository.js';

export interface LoggerKeyServiceDeps {
  devices: DeviceRepository;
  logs: LogRepository;
  /**
   * The device plane's part once the new key is stored: drop the logger's connection (its old
   * password is worthless now) and give the broker's account the new password.
   */
  keyChanged(gsn: string): Promise<void>;
}

/**
 * Key rotation: an administrator gives a registered logger a new registration key (the device was
 * replaced, or its key leaked). The MQTT password and the command signing key derive from the key,
 * so from then on the logger must connect with the new password, and commands are signed with the
 * new signing key (the command service reads the key when it signs).
 */
export const createLoggerKeyService = (deps: LoggerKeyServiceDeps) => ({
  async rotate(auth: AuthContext, request: LoggerKeyRotation, ip: string | null): Promise<void> {
    const logger = await deps.devices.findVisibleLogger(request.gsn, deps.devices.visibleGsns(auth));
    // Another tenant's logger answers as one that does not exist (record scope).
    if (!logger) throw notFound(`logger ${request.gsn}`);
    if (logger.registrationKey === request.key) throw invalidField('key', 'must differ from the current key');
    const changed = await deps.devices.setRegistrationKey(logger.gsn, logger.registrationKey, request.key, auth.username);
    if (!changed) throw badRequest(ServerCode.OPERATION_FAILED, `the key of logger ${logger.gsn} was changed meanwhile; reload and try again`);
    await deps.keyChanged(logger.gsn);
    // The operation log has the call itself; this entry names the logger, which the call's body holds.
    await deps.logs.add({
      logType: LogType.Operation,
      logContent: `Changed the registration key of logger ${logger.gsn}`,
      operateType: OperateType.Edit,
      userid: auth.username,
      username: auth.realname,
      ip,
      requestUrl: '/want/logger/rotateKey',
      requestType: 'POST',
    });
  },
});

export type LoggerKeyService = ReturnType<typeof createLoggerKeyService>;
