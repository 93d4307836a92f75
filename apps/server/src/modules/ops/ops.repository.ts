import { connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import * as mqttPacket from 'mqtt-packet';
import type { Database, DatabaseHandle } from '../../db/database.js';
import { jobRuns, outbox } from '../../db/schema.js';

/** The pool of a server database (node-postgres), or the one in-process connection of PGlite. */
export interface PoolStats {
  total: number;
  idle: number | null;
  waiting: number | null;
}

/** What the probes and the metrics read from the database: connection counts, the outbox, job runs. */
export const createOpsRepository = (db: Database, kind: DatabaseHandle['kind']) => ({
  async ping(): Promise<void> {
    await db.execute(sql`select 1`);
  },

  /** node-postgres keeps its counts on the pool drizzle holds; PGlite is one connection, always there. */
  poolStats(): PoolStats {
    if (kind === 'pglite') return { total: 1, idle: null, waiting: null };
    const pool = (db as unknown as { $client: { totalCount: number; idleCount: number; waitingCount: number } }).$client;
    return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
  },

  /** Messages not (yet) delivered, by status: `kept` (no SMTP or SMS gateway configured) and `failed`. */
  async outboxWaiting(): Promise<{ status: string; count: number }[]> {
    const rows = await db.select({ status: outbox.status, count: count() }).from(outbox).where(ne(outbox.status, 'sent')).groupBy(outbox.status);
    return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
  },

  /** Scheduled-job runs this process started in the last hour, by outcome (`ok`, `failed`, `running`). */
  async recentJobRuns(processName: string): Promise<{ outcome: string; count: number }[]> {
    const rows = await db
      .select({ outcome: jobRuns.outcome, count: count() })
      .from(jobRuns)
      .where(and(eq(jobRuns.process, processName), gt(jobRuns.startTime, sql`now() - interval '1 hour'`)))
      .groupBy(jobRuns.outcome);
    return rows.map((row) => ({ outcome: row.outcome, count: Number(row.count) }));
  },
});
export type OpsRepository = ReturnType<typeof createOpsRepository>;


/** Accepts a TCP connection on the embedded broker's port: it listens. */
export const probeTcp = (host: string, port: number, timeoutMs: number): Promise<void> =>
  new Promise((resolve, reject) => {
    const socket = netConnect({ host, port });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer from ${host}:${port} within ${timeoutMs} ms`)));
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('error', reject);
  });

export interface MqttProbeOptions {
  url: string;
  clientId: string;
  username?: string;
  password?: string;
  timeoutMs: number;
}

/**
 * Connects to the external broker with the platform's account (a clean session under its own
 * client id, so the consumer's session is never touched) and waits for CONNACK: the broker is up
 * and still takes the platform's credentials.
 */
export const probeMqtt = ({ url, clientId, username, password, timeoutMs }: MqttProbeOptions): Promise<void> =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const port = Number(target.port || (target.protocol === 'mqtts:' ? 8883 : 1883));
    const socket = target.protocol === 'mqtts:' ? tlsConnect({ host: target.hostname, port, servername: target.hostname }) : netConnect({ host: target.hostname, port });
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error(`no CONNACK from ${target.host} within ${timeoutMs} ms`)));
    socket.once(target.protocol === 'mqtts:' ? 'secureConnect' : 'connect', () => {
      socket.write(
        mqttPacket.generate({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clientId,
          clean: true,
          keepalive: 10,
          ...(username ? { username } : {}),
          ...(password ? { password: Buffer.from(password) } : {}),
        }),
      );
    });
    socket.on('data', (chunk: Buffer) => parser.parse(chunk));
    parser.on('error', fail);
    parser.on('packet', (packet: mqttPacket.Packet) => {
      if (packet.cmd !== 'connack') return;
      if (packet.returnCode !== 0) return fail(new Error(`the broker refused the platform's account (CONNACK ${packet.returnCode})`));
      socket.end(mqttPacket.generate({ cmd: 'disconnect' }));
      resolve();
    });
    socket.once('error', fail);
  });

/** PING through one lazily opened connection that never retries in the background: a Redis that is down fails the next probe at once. */
export const createRedisPing = (url: string) => {
  let client: Redis | null = null;
  return {
    async ping(timeoutMs: number): Promise<void> {
      if (!client || client.status === 'end') {
        const { Redis: RedisClient } = await import('ioredis');
        client = new RedisClient(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: timeoutMs, retryStrategy: () => null });
        client.on('error', () => undefined);
      }
      if (client.status === 'wait') await client.connect();
      const answer = await client.ping();
      if (answer !== 'PONG') throw new Error(`Redis answered ${answer} to PING`);
    },
    close(): void {
      client?.disconnect();
      client = null;
    },
  };
};
export type RedisPing = ReturnType<typeof createRedisPing>;
