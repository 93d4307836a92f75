import { type LoggerKeyRotation, ServerCode } from '@cellsight/contract';
import { badRequest, invalidField, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { LoggerRepository } from './logger.repository.js';

export interface LoggerKeyServiceDeps {
  loggers: LoggerRepository;
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
  /** Returns the operation log's description of the change. */
  async rotate(auth: AuthContext, request: LoggerKeyRotation): Promise<string> {
    const logger = await deps.loggers.findVisibleLogger(request.gsn, deps.loggers.visibleGsns(auth));
    // Another tenant's logger answers as one that does not exist (record scope).
    if (!logger) throw notFound(`logger ${request.gsn}`);
    if (logger.registrationKey === request.key) throw invalidField('key', 'must differ from the current key');
    const changed = await deps.loggers.setRegistrationKey(logger.gsn, logger.registrationKey, request.key, auth.username);
    if (!changed) throw badRequest(ServerCode.OPERATION_FAILED, `the key of logger ${logger.gsn} was changed meanwhile; reload and try again`);
    await deps.keyChanged(logger.gsn);
    return `Changed the registration key of logger ${logger.gsn}`;
  },
});

export type LoggerKeyService = ReturnType<typeof createLoggerKeyService>;
