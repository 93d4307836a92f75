import { describe, it } from 'vitest';
import { hasMosquitto, mosquittoBinary } from './mosquitto.js';

/** Set in CI (.ci/run sets CI=true): there every suite that needs a service must run. */
export const inCi = Boolean(process.env.CI);

/** A service tests need from the machine: how to name it to whoever must provide it, and whether it is there. */
export interface Service {
  name: string;
  present: boolean;
}

export const postgresService: Service = { name: 'PostgreSQL (TEST_DATABASE_URL is not set)', present: Boolean(process.env.TEST_DATABASE_URL) };
export const mosquittoService: Service = { name: `Mosquitto (${mosquittoBinary} is missing: apt-get install mosquitto)`, present: hasMosquitto };

const missingOf = (services: Service[]): string => services.filter((service) => !service.present).map((service) => service.name).join(', ');

const failure = (missing: string) =>
  new Error(`${missing}: this test needs it, and in CI (CI is set) a missing service fails the test instead of skipping it`);

type SuiteBody = () => void;

/**
 * `describe` for a suite that needs services of the machine. With every one present it runs.
 * When one is missing, outside CI the suite is skipped and a line says which service; in CI the
 * suite is one test that fails naming it, since a skip there would hide that it never ran.
 * `applies` false is a skip by design (a suite for the other database), in CI too.
 */
export const describeNeeding =
  (services: Service[], applies = true) =>
  (name: string, body: SuiteBody): void => {
    const missing = missingOf(services);
    if (!applies) return void describe.skip(name, body);
    if (!missing) return void describe(name, body);
    if (!inCi) {
      console.warn(`${name}: skipped, ${missing}`);
      return void describe.skip(name, body);
    }
    describe(name, () => {
      it('has the services it needs', () => {
        throw failure(missing);
      });
    });
  };

/** `it` for a test that needs services of the machine: skipped outside CI when one is missing, failed naming it in CI. */
export const itNeeding =
  (services: Service[]) =>
  (name: string, body: () => unknown, timeout?: number): void => {
    const missing = missingOf(services);
    if (!missing) return void it(name, body, timeout);
    if (!inCi) {
      console.warn(`${name}: skipped, ${missing}`);
      return void it.skip(name, body);
    }
    it(name, () => {
      throw failure(missing);
    });
  };
