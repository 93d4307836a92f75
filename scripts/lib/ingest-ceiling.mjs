// The ceiling phase of `npm run bench:ingest` (run as `node --import tsx scripts/lib/ingest-ceiling.mjs`):
// the least a telemetry pipeline can do on this machine with the product's durability, to measure the
// product against. One process, one MQTT connection reading the broker's shared subscription
// (`$share/ceiling/cs/v1/+/telemetry`, QoS 1), the product's own decoding of each message (JSON, the
// contract's check and the COPY encoding: telemetry-decoder.ts), binary COPY of a batch into the
// product's staging table (sample-stage.ts), `INSERT … SELECT … ON CONFLICT DO NOTHING` into
// tb_battery_sample, commit, and only then each message's PUBACK (in arrival order).
// No rollups, no latest readings, no device state, no refusal bookkeeping. Batches, linger and
// writers as the product's defaults. After each commit it tells the bench (IPC) which messages
// (logger, seq) are stored.
//
// Settings come from the environment: CEILING_MQTT_URL, CEILING_DATABASE_URL, CEILING_BATCH_SIZE,
// CEILING_LINGER_MS, CEILING_WRITERS.
import net from 'node:net';
import { finished } from 'node:stream/promises';
import mqttPacket from 'mqtt-packet';
import pg from 'pg';
import pgCopyStreams from 'pg-copy-streams';

// The product's own check and encoding (telemetry-decoder.ts, sample-stage.ts), so the ceiling cannot
// drift from what the product does per message: only what comes after the COPY is left out.
const { decodeTelemetry } = await import('../../apps/server/src/modules/device-plane/ingest/telemetry-decoder.ts');
const { copyTarget, createStage, encodeStage, stageTable } = await import('../../apps/server/src/modules/device-plane/ingest/sample-stage.ts');

const brokerUrl = new URL(process.env.CEILING_MQTT_URL ?? 'mqtt://127.0.0.1:1883');
const batchSize = Number(process.env.CEILING_BATCH_SIZE ?? 2000);
const lingerMs = Number(process.env.CEILING_LINGER_MS ?? 20);
const writers = Number(process.env.CEILING_WRITERS ?? 2);

/** The samples alone: no rollups and no latest readings, unlike the product's statement. */
const insertSamples = `insert into tb_battery_sample (battery_sn, ts, state, status, soc, soh, cycles, voltage, current, power, temperature,
    charge_energy_today, discharge_energy_today, relay_main, relay_charge, relay_discharge, role, work_mode, cell_voltages, cell_temperatures)
  select battery_sn, ts, state, status, soc, soh, cycles, voltage, current, power, temperature, charge, discharge,
    relay_main, relay_charge, relay_discharge, role, work_mode, cell_v, cell_t
  from ${stageTable} order by battery_sn, ts on conflict do nothing`;

/** @typedef {import('../../apps/server/src/modules/device-plane/ingest/sample-stage.ts').SampleRow} SampleRow */
/** @typedef {import('../../apps/server/src/modules/device-plane/ingest/telemetry-decoder.ts').DecodedTelemetry} DecodedTelemetry */
/**
 * A received message waiting for its batch: `done` marks it for its PUBACK once the batch is committed.
 * @typedef {{ gsn: string, seq: number | undefined, samples: SampleRow[], done: () => void }} Pending
 */
/**
 * A writer: its connection, its queue of messages and their row count, and the linger timer.
 * @typedef {{ client: pg.Client, queue: Pending[], rows: number, busy: boolean, timer: NodeJS.Timeout | undefined }} Lane
 */

/**
 * A decoded message's samples as the product's stage rows (the logger's zone does not matter here).
 * @param {string} gsn
 * @param {DecodedTelemetry} telemetry
 * @returns {SampleRow[]}
 */
const stageRows = (gsn, telemetry) => {
  let start = 0;
  return telemetry.batterySns.map((batterySn, index) => {
    const end = telemetry.ends[index];
    const ts = telemetry.timestamps[index];
    // The decoder gives one end and one timestamp per battery SN.
    if (end === undefined || ts === undefined) throw new Error(`ceiling: sample ${index} of ${gsn}'s message has no end or no timestamp`);
    const row = { gsn, timezone: 'UTC', batterySn, ts, fields: telemetry.fields.subarray(start, end) };
    start = end;
    return row;
  });
};

// ---- database: `writers` connections, each with its queue; a logger always on the same one ----------
const lanes = await Promise.all(
  Array.from({ length: writers }, /** @returns {Promise<Lane>} */ async () => {
    const client = new pg.Client({ connectionString: process.env.CEILING_DATABASE_URL });
    await client.connect();
    await client.query(createStage);
    return { client, queue: [], rows: 0, busy: false, timer: undefined };
  }),
);
/** @param {string} gsn @returns {Lane} */
const laneOf = (gsn) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < gsn.length; i++) h = Math.imul(h ^ gsn.charCodeAt(i), 0x01000193);
  const lane = lanes[(h >>> 0) % lanes.length];
  if (!lane) throw new Error(`ceiling: no writer (CEILING_WRITERS=${writers})`);
  return lane;
};

/** @param {Lane} lane */
const write = async (lane) => {
  if (lane.busy || lane.queue.length === 0) return;
  clearTimeout(lane.timer);
  lane.timer = undefined;
  /** @type {Pending[]} */
  const batch = [];
  let rows = 0;
  for (let message = lane.queue[0]; message && (rows === 0 || rows + message.samples.length <= batchSize); message = lane.queue[0]) {
    lane.queue.shift();
    batch.push(message);
    rows += message.samples.length;
  }
  lane.rows -= rows;
  lane.busy = true;
  const data = encodeStage(batch.flatMap((message) => message.samples));
  try {
    await lane.client.query('begin');
    const stream = lane.client.query(pgCopyStreams.from(`copy ${copyTarget} from stdin (format binary)`));
    stream.end(data);
    await finished(stream);
    await lane.client.query(insertSamples);
    await lane.client.query('commit');
  } catch (error) {
    console.error(`ceiling: a batch failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  for (const message of batch) message.done();
  process.send?.(batch.map((message) => [message.gsn, message.seq]));
  lane.busy = false;
  schedule(lane);
};
/** @param {Lane} lane */
const schedule = (lane) => {
  if (lane.busy || lane.queue.length === 0) return;
  if (lane.rows >= batchSize) return void write(lane);
  lane.timer ??= setTimeout(() => void write(lane), lingerMs);
};

// ---- MQTT: many messages in flight, each PUBACK once its batch is committed, in arrival order ------
const socket = net.connect({ host: brokerUrl.hostname, port: Number(brokerUrl.port || 1883) });
socket.setNoDelay(true);
const parser = mqttPacket.parser({ protocolVersion: 4 });
/** @type {{ messageId: number | undefined, acked: boolean }[]} received messages not yet acknowledged, in arrival order */
const inbound = [];
/** @param {import('mqtt-packet').Packet} packet */
const send = (packet) => socket.write(mqttPacket.generate(packet));
const flushAcks = () => {
  for (let entry = inbound[0]; entry?.acked; entry = inbound[0]) {
    inbound.shift();
    send({ cmd: 'puback', messageId: entry.messageId });
  }
};
let refused = 0;
parser.on('packet', (packet) => {
  if (packet.cmd === 'connack') {
    send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: '$share/ceiling/cs/v1/+/telemetry', qos: 1 }] });
  } else if (packet.cmd === 'suback') {
    process.send?.('ready');
  } else if (packet.cmd === 'publish') {
    const entry = { messageId: packet.messageId, acked: false };
    inbound.push(entry);
    const gsn = packet.topic.split('/')[2];
    // Only `cs/v1/<gsn>/telemetry` matches the subscription.
    if (gsn === undefined) throw new Error(`ceiling: a message on ${packet.topic}, which names no logger`);
    // mqtt-packet's parser gives a Buffer; the type allows a string too (as the product's transports convert it).
    const decoded = decodeTelemetry(typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload);
    if ('refusal' in decoded) {
      refused++;
      entry.acked = true;
      return flushAcks();
    }
    const samples = stageRows(gsn, decoded.telemetry);
    const lane = laneOf(gsn);
    lane.queue.push({
      gsn,
      seq: decoded.telemetry.seq,
      samples,
      done: () => {
        entry.acked = true;
        flushAcks();
      },
    });
    lane.rows += samples.length;
    schedule(lane);
  }
});
socket.on('data', (chunk) => parser.parse(chunk));
socket.on('connect', () => send({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clientId: `bench-ceiling-${process.pid}`, clean: true, keepalive: 60 }));
socket.on('error', (error) => {
  console.error(`ceiling: MQTT connection: ${error.message}`);
  process.exit(1);
});
setInterval(() => send({ cmd: 'pingreq' }), 30_000).unref();
process.on('SIGTERM', () => {
  if (refused > 0) console.error(`ceiling: ${refused} messages refused by the schema`);
  process.exit(0);
});
