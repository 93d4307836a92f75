import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Carries live-event deliveries between the server processes of one installation over Redis
 * publish/subscribe: every process publishes what it sends, and every other one hands it to its
 * own sockets. Best effort, like the sockets themselves: a delivery made while Redis is away
 * reaches only this process's browsers (they read again when they reconnect or reload).
 */
export interface RealtimeBus<T> {
  /** Tells the other processes. */
  publish(delivery: T): void;
  close(): Promise<void>;
}

export interface RedisRealtimeBusOptions<T> {
  publisher: Redis;
  /** A connection of its own (a subscribed connection can do nothing else). */
  subscriber: Redis;
  channel: string;
  /** A delivery from another process; the bus never hands a process its own. */
  receive(delivery: T): void;
  log: FastifyBaseLogger;
}

interface Envelope<T> {
  /** The publishing process: Redis echoes a message to its own subscriber too. */
  origin: string;
  delivery: T;
}

export const createRedisRealtimeBus = <T>(options: RedisRealtimeBusOptions<T>): RealtimeBus<T> => {
  const origin = randomUUID();
  const { publisher, subscriber, channel, log } = options;
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      log.warn(`ignored a live event on ${channel} that is not JSON`);
      return;
    }
    if (envelope.origin !== origin) options.receive(envelope.delivery);
  });
  // ioredis subscribes again by itself after a reconnection.
  void subscriber.subscribe(channel).catch((error: unknown) => log.warn(`could not subscribe to ${channel} (${(error as Error).message}); retrying when Redis is back`));
  let warned = false;
  return {
    publish(delivery) {
      const text = JSON.stringify({ origin, delivery } satisfies Envelope<T>);
      publisher.publish(channel, text).then(
        () => (warned = false),
        (error: unknown) => {
          if (!warned) log.warn(`live events reach only this process's browsers: Redis refused a publish (${(error as Error).message})`);
          warned = true;
        },
      );
    },
    async close() {
      await subscriber.unsubscribe(channel).catch(() => undefined);
    },
  };
};
