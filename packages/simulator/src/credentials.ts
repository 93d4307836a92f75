import { createHash } from 'node:crypto';
import { loggerSnPattern } from '@cellsight/contract';

export interface LoggerCredentials {
  /** Logger serial number: MQTT client id and user name. */
  gsn: string;
  /** Registration key (printed on a real device); the MQTT password and signing key derive from it. */
  key: string;
  batterySns: string[];
}

export interface FleetCredentialOptions {
  loggers: number;
  batteriesPerLogger: number;
  /** Same seed, same keys: the fleet can be registered once and started many times. */
  seed?: string;
  /** Goes between "SIM" and the number, e.g. "EU" gives SIMEU000001. */
  prefix?: string;
}

/** A deterministic fleet: gsn `SIM{prefix}000001`…, key = first 16 hex of sha256(seed + gsn). */
export const fleetCredentials = ({ loggers, batteriesPerLogger, seed = 'cellsight', prefix = '' }: FleetCredentialOptions): LoggerCredentials[] => {
  if (!Number.isInteger(loggers) || loggers < 0 || loggers > 999_999) throw new RangeError('loggers must be an integer from 0 to 999999');
  if (!Number.isInteger(batteriesPerLogger) || batteriesPerLogger < 1 || batteriesPerLogger > 99) {
    throw new RangeError('batteriesPerLogger must be an integer from 1 to 99');
  }
  const result: LoggerCredentials[] = [];
  for (let n = 1; n <= loggers; n++) {
    const gsn = `SIM${prefix}${String(n).padStart(6, '0')}`;
    if (!loggerSnPattern.test(gsn)) throw new RangeError(`prefix "${prefix}" makes an invalid logger SN ${gsn}`);
    const key = createHash('sha256').update(seed + gsn).digest('hex').slice(0, 16);
    const batterySns = Array.from({ length: batteriesPerLogger }, (_, i) => `${gsn}-B${String(i + 1).padStart(2, '0')}`);
    result.push({ gsn, key, batterySns });
  }
  return result;
};
