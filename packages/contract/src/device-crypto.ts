import { createHmac, timingSafeEqual } from 'node:crypto';
import { signingString } from './device.js';

/**
 * Secrets a logger derives from its registration key (printed on the device, entered when it is
 * added to a station). Node-only: imported as `@cellsight/contract/device-crypto`, never by the web app.
 */
const hmac = (key: string, message: string): string => createHmac('sha256', key).update(message).digest('hex');

/** MQTT password of a logger: HMAC-SHA256(registration key, "mqtt:" + gsn), hex. */
export const loggerMqttPassword = (gsn: string, registrationKey: string): string => hmac(registrationKey, `mqtt:${gsn}`);

/** Key that signs commands to a logger: HMAC-SHA256(registration key, "sign:" + gsn), hex. */
export const loggerSigningKey = (gsn: string, registrationKey: string): string => hmac(registrationKey, `sign:${gsn}`);

/** Signature of a command: HMAC-SHA256(signing key, sorted key=value pairs), hex. */
export const signCommand = (fields: Record<string, unknown>, signingKey: string): string => hmac(signingKey, signingString(fields));

/** Constant-time check of a command signature. */
export const verifyCommand = (fields: Record<string, unknown> & { sign: string }, signingKey: string): boolean => {
  const expected = Buffer.from(signCommand(fields, signingKey), 'hex');
  const given = Buffer.from(fields.sign, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** Constant-time comparison of two hex strings (MQTT passwords). */
export const sameSecret = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Signature of a firmware download address given to a logger: HMAC-SHA256(signing key, "firmware:" + id + ":" + gsn + ":" + expires), hex. */
export const firmwareLinkSignature = (signingKey: string, firmwareId: string, gsn: string, expires: number): string => hmac(signingKey, `firmware:${firmwareId}:${gsn}:${expires}`);
