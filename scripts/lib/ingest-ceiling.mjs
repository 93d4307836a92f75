// The ceiling phase of `npm run bench:ingest` (run as `node --import tsx scripts/lib/ingest-ceiling.mjs`):
// the least a telemetry pipeline can do on this machine with the product's durability, to measure the
// product against. One process, one MQTT connection reading the broker's shared subscription
// (`$share/ceiling/cs/v1/+/telemetry`, QoS 1), JSON.parse and the contract's schema check of each
// message, binary COPY of a batch into a temporary staging table, `INSERT … SELECT … ON CONFLICT DO
// NOTHING` into tb_battery_sample, commit, and only then each message's PUBACK (in arrival order).
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

const { telemetryMessageSchema } = await import('@cellsight/contract');
const { BinaryCopyWriter } = await import('../../apps/server/src/db/copy-binary.ts');

const brokerUrl = new URL(process.env.CEILING_MQTT_URL ?? 'mqtt://127.0.0.1:1883');
const batchSize = Number(process.env.CEILING_BATCH_SIZE ?? 2000);
const lingerMs = Number(process.env.CEILING_LINGER_MS ?? 20);
const writers = Number(process.env.CEILING_WRITERS ?? 2);

const stageColumns = [
  ['battery_sn', 'varchar(40)'],
  ['ts', 'timestamptz'],
  ['state', 'varchar(16)'],
  ['status', 'varchar(16)'],
  ['soc', 'float8'],
  ['soh', 'float8'],
  ['cycles', 'int4'],
  ['voltage', 'float8'],
  ['current', 'float8'],
  ['power', 'float8'],
  ['temperature', 'float8'],
  ['charge_energy_today', 'float8'],
  ['discharge_energy_today', 'float8'],
  ['relay_main', 'boolean'],
  ['relay_charge', 'boolean'],
  ['relay_discharge', 'boolean'],
  ['role', 'varchar(16)'],
  ['work_mode', 'varchar(32)'],
  ['cell_voltages', 'real[]'],
  ['cell_temperatures', 'real[]'],
];
const columnList = stageColumns.map(([name]) => name).join(', ');
const createStage = `create temporary table if not exists ceiling_stage (${stageColumns.map(([name, type]) => `${name} ${type}`).join(', ')}) on commit delete rows`;
const insertSamples = `insert into tb_battery_sample (${columnList}) select ${columnList} from ceiling_stage order by battery_sn, ts on conflict do nothing`;

const encode = (samples) => {
  const writer = new BinaryCopyWriter(samples.length * 400);
  for (const s of samples) {
    writer
      .row(stageColumns.length)
      .text(s.batterySn)
      .timestamptz(s.ts)
      .text(s.state)
      .text(s.status)
      .float8(s.soc)
      .float8(s.soh)
      .int4(s.cycles)
      .float8(s.voltage)
      .float8(s.current)
      .float8(s.power)
      .float8(s.temperature)
      .float8(s.chargeEnergyToday)
      .float8(s.dischargeEnergyToday)
      .bool(s.relays.main)
      .bool(s.relays.charge)
      .bool(s.relays.discharge)
      .text(s.role)
      .text(s.workMode)
      .float4Array(s.cellVoltages)
      .float4Array(s.cellTemperatures);
  }
  return writer.finish();
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
  const data = encode(batch.flatMap((message) => message.samples));
  try {
    await lane.client.query('begin');
    const stream = lane.client.query(pgCopyStreams.from(`copy ceiling_stage (${columnList}) from stdin (format binary)`));
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
    const parsed = telemetryMessageSchema.safeParse(JSON.parse(packet.payload.toString('utf8')));
    if (!parsed.success) {
      refused++;
      entry.acked = true;
      return flushAcks();
    }
    const lane = laneOf(gsn);
    lane.queue.push({
      gsn,
      seq: parsed.data.seq,
      samples: parsed.data.samples,
      done: () => {
        entry.acked = true;
        flushAcks();
      },
    });
    lane.rows += parsed.data.samples.length;
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
