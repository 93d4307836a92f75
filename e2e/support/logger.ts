import { type AckMessage, type BatterySample, type CommandMessage, deviceTopics } from '@cellsight/contract';
import { loggerMqttPassword } from '@cellsight/contract/device-crypto';
import mqtt, { type MqttClient } from 'mqtt';

/** The embedded broker of the server under test (set by playwright.config.ts). */
const brokerUrl = (): string => `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? ''}`;

/** Connects over MQTT as a registered logger would (docs/device-protocol.md). */
export async function connectLogger(gsn: string, key: string): Promise<MqttClient> {
  return mqtt.connectAsync(brokerUrl(), {
    clientId: gsn,
    username: gsn,
    password: loggerMqttPassword(gsn, key),
    reconnectPeriod: 0,
    protocolVersion: 4,
    will: { topic: deviceTopics.state(gsn), payload: Buffer.from('{"v":1,"online":false}'), qos: 1, retain: true },
  });
}

/** Publishes with QoS 1: resolves once the platform has stored it (the embedded broker acknowledges after commit). */
export async function publish(client: MqttClient, topic: string, payload: unknown): Promise<void> {
  await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
}

/** One battery reading as a logger reports it. */
export const batterySample = (batterySn: string, values: Partial<BatterySample> = {}): BatterySample => ({
  ts: Date.now(),
  batterySn,
  state: 'discharge',
  status: 'normal',
  soc: 73,
  soh: 97,
  cycles: 412,
  voltage: 52.1,
  current: -18.4,
  power: -2400,
  temperature: 27.5,
  chargeEnergyToday: 4.2,
  dischargeEnergyToday: 6.75,
  relays: { main: true, charge: false, discharge: true },
  role: 'master',
  workMode: 'self-use',
  cellVoltages: [3.25, 3.26, 3.24, 3.25],
  cellTemperatures: [27, 27.5],
  ...values,
});

/** A logger online with one battery: connected, its state and a first reading published, its command topic subscribed. */
export async function onlineLoggerWithBattery(gsn: string, key: string, batterySn: string, values: Partial<BatterySample> = {}): Promise<MqttClient> {
  const client = await connectLogger(gsn, key);
  await client.subscribeAsync(deviceTopics.command(gsn), { qos: 1 });
  await publish(client, deviceTopics.state(gsn), { v: 1, online: true, ts: Date.now() });
  await publish(client, deviceTopics.telemetry(gsn), { v: 1, samples: [batterySample(batterySn, values)] });
  return client;
}

/** The next command the platform sends the logger (already verified by the platform's signature; the tests only read it). */
export function nextCommand(client: MqttClient): Promise<CommandMessage> {
  return new Promise((resolve) => client.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()) as CommandMessage)));
}

/** The logger's answer to a command (device protocol section 4.4). */
export async function answer(client: MqttClient, gsn: string, ack: Omit<AckMessage, 'v'>): Promise<void> {
  await publish(client, deviceTopics.ack(gsn), { v: 1, ...ack });
}
