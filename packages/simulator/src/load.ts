import { deviceTopics, maxSamplesPerMessage, protocolVersion } from '@cellsight/contract';
import { type MqttClient } from 'mqtt';
import { BatteryModel } from './battery-model.js';
import { type LoggerCredentials } from './credentials.js';
import { loggerConnectOptions } from './messages.js';
import { createLoggerLink } from './transport.js';

/**
 * Load generator for the ingestion benchmark: every logger publishes QoS 1 telemetry as fast as its
 * PUBACK window allows. Payloads come from per-battery string templates (only `ts` changes), so
 * the generator spends little CPU per message and the broker and ingestion are what gets measured.
 */
export interface LoadOptions {
  mqttUrl: string;
  credentials: readonly LoggerCredentials[];
  /** Samples over the whole fleet; each is a distinct (battery, ts) row. */
  totalSamples: number;
  samplesPerMessage: number;
  /** Unacknowledged messages per logger. */
  inflightPerLogger: number;
  /**
   * Newest timestamp used. Sample k of a battery gets `startTs - perBattery + k` (ms), all in the
   * past; two runs write distinct rows only when their ranges do not overlap. Default: now.
   */
  startTs?: number;
  protocolVersion?: 4 | 5;
  /** Rejects when not every message is acknowledged in time. */
  timeoutMs?: number;
}

export interface LoadResult {
  /** Messages published. */
  published: number;
  /** Messages acknowledged (PUBACK). */
  puback: number;
  /** Samples in acknowledged messages. */
  samples: number;
  /** From the first publish to the last PUBACK. */
  seconds: number;
  samplesPerSecond: number;
  /** Highest `seq` each logger published (seq runs 0, 1, 2, ... per logger). */
  perLoggerLastSeq: Record<string, number>;
  /** Timestamp range of the samples, inclusive. */
  tsRange: { from: number; to: number };
}

interface Plan {
  client: MqttClient;
  topic: string;
  /** JSON of each battery's sample after `{"ts":<ts>`. */
  tails: string[];
  samples: number;
  messages: number;
  baseTs: number;
}

const connectClient = (mqttUrl: string, credentials: LoggerCredentials, version: 4 | 5): Promise<MqttClient> =>
  new Promise((resolve, reject) => {
    // A clean session and no retries: the load run should fail loudly, not wait.
    const { client } = createLoggerLink(mqttUrl, { ...loggerConnectOptions({ gsn: credentials.gsn, key: credentials.key, protocolVersion: version, clean: true }), reconnectPeriod: 0 });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(new Error(`${credentials.gsn}: ${error.message}`));
    });
  });

const sampleTail = (batterySn: string): string => {
  const battery = new BatteryModel({ batterySn, role: 'master', timeZone: 'UTC', seed: 'load' });
  const json = JSON.stringify(battery.sample(0));
  const head = '{"ts":0';
  if (!json.startsWith(head)) throw new Error('sample JSON must start with ts');
  return json.slice(head.length);
};

export const publishLoad = async (options: LoadOptions): Promise<LoadResult> => {
  const { credentials, totalSamples, samplesPerMessage, inflightPerLogger } = options;
  if (credentials.length === 0) throw new RangeError('give at least one logger');
  if (!Number.isInteger(samplesPerMessage) || samplesPerMessage < 1 || samplesPerMessage > maxSamplesPerMessage) {
    throw new RangeError(`samplesPerMessage must be 1 to ${maxSamplesPerMessage}`);
  }
  if (!Number.isInteger(inflightPerLogger) || inflightPerLogger < 1) throw new RangeError('inflightPerLogger must be a positive integer');
  if (!Number.isInteger(totalSamples) || totalSamples < 1) throw new RangeError('totalSamples must be a positive integer');

  const startTs = options.startTs ?? Date.now();
  const clients = await Promise.all(credentials.map((c) => connectClient(options.mqttUrl, c, options.protocolVersion ?? 4)));
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  const plans: Plan[] = credentials.map((c, i) => {
    const samples = Math.floor(totalSamples / credentials.length) + (i < totalSamples % credentials.length ? 1 : 0);
    const perBattery = Math.ceil(samples / c.batterySns.length);
    const baseTs = startTs - perBattery + 1;
    if (samples > 0) {
      from = Math.min(from, baseTs);
      to = Math.max(to, baseTs + perBattery - 1);
    }
    return {
      client: clients[i] as MqttClient,
      topic: deviceTopics.telemetry(c.gsn),
      tails: c.batterySns.map(sampleTail),
      samples,
      messages: Math.ceil(samples / samplesPerMessage),
      baseTs,
    };
  });
  const totalMessages = plans.reduce((sum, plan) => sum + plan.messages, 0);
  const perLoggerLastSeq: Record<string, number> = {};
  let published = 0;
  let puback = 0;
  let ackedSamples = 0;
  const started = performance.now();
  let completed = false;
  let seconds = 0;

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = options.timeoutMs ? setTimeout(() => reject(new Error(`load timed out after ${options.timeoutMs} ms: ${puback} of ${totalMessages} messages acknowledged`)), options.timeoutMs) : null;
      const finish = (error?: Error): void => {
        if (timer) clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      if (totalMessages === 0) finish();
      plans.forEach((plan, index) => {
        const gsn = credentials[index]?.gsn ?? '';
        const batteries = plan.tails.length;
        let next = 0;
        let inflight = 0;
        const build = (seq: number): { payload: string; count: number } => {
          const first = seq * samplesPerMessage;
          const count = Math.min(samplesPerMessage, plan.samples - first);
          const parts: string[] = new Array<string>(count);
          for (let k = 0; k < count; k++) {
            const n = first + k;
            // Round-robin over the batteries; each battery's timestamps count up by 1 ms.
            parts[k] = `{"ts":${plan.baseTs + Math.floor(n / batteries)}${plan.tails[n % batteries]}`;
          }
          return { payload: `{"v":${protocolVersion},"seq":${seq},"samples":[${parts.join(',')}]}`, count };
        };
        const pump = (): void => {
          while (inflight < inflightPerLogger && next < plan.messages) {
            const seq = next++;
            const { payload, count } = build(seq);
            inflight++;
            published++;
            perLoggerLastSeq[gsn] = seq;
            plan.client.publish(plan.topic, payload, { qos: 1 }, (error) => {
              inflight--;
              if (error) {
                finish(new Error(`${gsn}: ${error.message}`));
                return;
              }
              puback++;
              ackedSamples += count;
              if (puback === totalMessages) finish();
              else pump();
            });
          }
        };
        plan.client.on('close', () => {
          if (puback < totalMessages) finish(new Error(`${gsn}: connection closed during the load run`));
        });
        pump();
      });
    });
    completed = true;
    seconds = (performance.now() - started) / 1000;
  } finally {
    // A finished run says goodbye (no will); a failed one just drops its sockets.
    await Promise.all(plans.map((plan) => plan.client.endAsync(!completed).catch(() => undefined)));
  }
  return {
    published,
    puback,
    samples: ackedSamples,
    seconds,
    samplesPerSecond: seconds > 0 ? ackedSamples / seconds : 0,
    perLoggerLastSeq,
    tsRange: { from, to },
  };
};
