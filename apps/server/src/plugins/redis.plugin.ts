import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';

/** The shared Redis of several server processes (REDIS_URL), with the key prefix of this installation. */
export interface SharedRedis {
  /** Commands (rate limit, sign-in waits, publishing live events). */
  client: Redis;
  /** A new connection of its own: a subscribed connection can do nothing else. */
  duplicate(): Redis;
  /** REDIS_PREFIX: the start of every key and channel. */
  prefix: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null without REDIS_URL: a single process keeps everything in memory. */
    redis: SharedRedis | null;
  }
}

/**
 * Connects to REDIS_URL when set. Commands fail at once while Redis is away (no waiting queue):
 * callers fall back to what one process can do alone rather than hold a request. The connections
 * keep reconnecting in the background; a subscriber subscribes again by itself.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    if (!config.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    const url = config.redisUrl;
    // ioredis loads only where Redis is configured.
    const { Redis: RedisClient } = await import('ioredis');
    const open = (name: string, queueWhileAway: boolean) => {
      const connection = new RedisClient(url, {
        connectionName: name,
        lazyConnect: true,
        // A subscriber queues its SUBSCRIBE until it is connected; commands never wait.
        enableOfflineQueue: queueWhileAway,
        maxRetriesPerRequest: 1,
        connectTimeout: 3000,
        commandTimeout: 2000,
        retryStrategy: (times) => Math.min(times * 200, 5000),
      });
      let reported = false;
      connection.on('error', (error: Error) => {
        // One line per outage, not one per reconnection attempt.
        if (!reported) app.log.warn(`Redis ${name} connection: ${error.message}`);
        reported = true;
      });
      connection.on('ready', () => {
        if (reported) app.log.info(`Redis ${name} connection is back`);
        reported = false;
      });
      return connection;
    };
    const connections: Redis[] = [];
    const client = open('cellsight', false);
    connections.push(client);
    try {
      await client.connect();
    } catch (error) {
      // The server still starts: a Redis that is down only costs what is shared between processes.
      app.log.error(`cannot reach Redis at start (${(error as Error).message}); live events, the sign-in rate limit and sign-in waits stay local to this process until it is back`);
    }
    app.decorate('redis', {
      client,
      prefix: config.redisPrefix,
      duplicate() {
        const connection = open('cellsight-subscriber', true);
        connections.push(connection);
        void connection.connect().catch(() => undefined);
        return connection;
      },
    });
    app.addHook('onClose', async () => {
      for (const connection of connections) connection.disconnect();
    });
  },
  { name: 'redis' },
);
