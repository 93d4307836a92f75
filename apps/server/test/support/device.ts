import { type BatterySample, deviceTopics } from '@cellsight/contract';
import { loggerMqttPassword } from '@cellsight/contract/device-crypto';
import mqtt, { type MqttClient } from 'mqtt';

/** A sample with plausible values; override what a test cares about. */
export const sample = (batterySn: string, ts: number, values: Partial<BatterySample> = {}): BatterySample => ({
  ts,
  batterySn,
  state: 'charge',
  status: 'normal',
  soc: 50,
  soh: 98,
  cycles: 100,
  voltage: 51.2,
  current: 20,
  power: 1024,
  temperature: 25,
  chargeEnergyToday: 1.5,
  dischargeEnergyToday: 0.5,
  relays: { main: true, charge: true, discharge: false },
  role: 'master',
  workMode: 'auto',
  cellVoltages: [3.2, 3.21, 3.19, 3.2],
  cellTemperatures: [25, 26],
  ...values,
});

/** Connects as a logger (user name = client id = gsn, derived password). */
export const connectLogger = (port: number, gsn: string, key: string, options: mqtt.IClientOptions = {}): Promise<MqttClient> =>
  new Promise((resolve, reject) => {
    const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
      clientId: gsn,
      username: gsn,
      password: loggerMqttPassword(gsn, key),
      clean: false,
      reconnectPeriod: 0,
      protocolVersion: 4,
      will: { topic: deviceTopics.state(gsn), payload: Buffer.from('{"v":1,"online":false}'), qos: 1, retain: true },
      ...options,
    });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });

export const publish = (client: MqttClient, topic: string, payload: unknown): Promise<void> =>
  client.publishAsync(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1 }).then(() => undefined);

export const waitFor = async <T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
