import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import { createOpsRepository, createRedisPing, probeMqtt, probeTcp } from './ops.repository.js';
import { createReadiness, probeTimeoutMs } from './ops.service.js';
import routes from './ops.routes.js';

/** The external broker is probed at most this often: a load balancer asks every few seconds, per process. */
const brokerProbeCacheMs = 3000;

/** The ops module's one door: health, readiness and metrics (the request ids and metrics themselves are ops.plugin.ts, registered first by app.ts). Its routes are under /boot. */
export default fp(
  async (app) => {
    const { config } = app;
    const redis = config.redisUrl ? createRedisPing(config.redisUrl) : null;
    if (redis) app.addHook('onClose', async () => redis.close());

    let lastBrokerProbe: { at: number; outcome: Promise<void> } | null = null;
    const broker = (): Promise<void> => {
      if (!config.mqtt.url) {
        // The embedded broker runs in this process: it is up when it accepts a connection on its port.
        const port = app.devicePlane.brokerPort;
        if (port === null) return Promise.reject(new Error('the embedded MQTT broker is not listening'));
        const host = ['0.0.0.0', '::', ''].includes(config.mqtt.host) ? '127.0.0.1' : config.mqtt.host;
        return probeTcp(host, port, probeTimeoutMs);
      }
      if (!lastBrokerProbe || Date.now() - lastBrokerProbe.at > brokerProbeCacheMs) {
        const outcome = probeMqtt({
          url: config.mqtt.url,
          clientId: `cellsight-ready-${hostname()}-${process.pid}`.slice(0, 64),
          username: config.mqtt.username,
          password: config.mqtt.password,
          timeoutMs: probeTimeoutMs,
        });
        outcome.catch(() => undefined);
        lastBrokerProbe = { at: Date.now(), outcome };
      }
      return lastBrokerProbe.outcome;
    };
    const readiness = createReadiness({ repository: createOpsRepository(app.db, app.dbKind), broker, redis });
    await app.register(routes, { prefix: '/boot', readiness });
  },
  { name: 'module-ops', dependencies: ['module-logger'] },
);
