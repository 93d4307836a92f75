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
const { decodeTelemetry } = await import('../../apps/server/src/modules/ingest/telemetry-decoder.ts');
const { copyTarget, createStage, encodeStage, stageTable } = await import('../../apps/server/src/modules/ingest/sample-stage.ts');

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

/** A decoded message's samples as the product's stage rows (the logger's zone does not matter here). */
const stageRows = (gsn, telemetry) => {
  let start = 0;
  return telemetry.batterySns.map((batterySn, index) => {
    const end = telemetry.ends[index];
    const row = { gsn, timezone: 'UTC', batterySn, ts: telemetry.timestamps[index], fields: telemetry.fields.subarray(start, end) };
    start = end;
    return row;
  });
};

// ---- database: `writers` connections, each with its queue; a logger always on the same one ----------
const lanes = await Promise.all(
  Array.from({ length: writers }, async () => {
    const client = new pg.Client({ connectionString: process.env.CEILING_DATABASE_URL });
    await client.connect();
    await client.query(createStage);
    return { client, queue: [], rows: 0, busy: false, timer: null };
  }),
);
const laneOf = (gsn) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < gsn.length; i++) h = Math.imul(h ^ gsn.charCodeAt(i), 0x01000193);
  return lanes[(h >>> 0) % lanes.length];
};

const write = async (lane) => {
  if (lane.busy || lane.queue.length === 0) return;
  clearTimeout(lane.timer);
  lane.timer = null;
  const batch = [];
  let rows = 0;
  while (lane.queue.length > 0 && (rows === 0 || rows + lane.queue[0].samples.length <= batchSize)) {
    const message = lane.queue.shift();
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
    console.error(`ceiling: a batch failed: ${error.message}`);
    process.exit(1);
  }
  for (const message of batch) message.done();
  process.send?.(batch.map((message) => [message.gsn, message.seq]));
  lane.busy = false;
  schedule(lane);
};
const schedule = (lane) => {
  if (lane.busy || lane.queue.length === 0) return;
  if (lane.rows >= batchSize) return void write(lane);
  lane.timer ??= setTimeout(() => void write(lane), lingerMs);
};

// ---- MQTT: many messages in flight, each PUBACK once its batch is committed, in arrival order ------
const socket = net.connect({ host: brokerUrl.hostname, port: Number(brokerUrl.port || 1883) });
socket.setNoDelay(true);
const parser = mqttPacket.parser({ protocolVersion: 4 });
const inbound = [];
const send = (packet) => socket.write(mqttPacket.generate(packet));
const flushAcks = () => {
  while (inbound.length > 0 && inbound[0].acked) send({ cmd: 'puback', messageId: inbound.shift().messageId });
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
    const decoded = decodeTelemetry(packet.payload);
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
