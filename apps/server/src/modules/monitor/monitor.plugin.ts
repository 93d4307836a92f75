import { readFileSync } from 'node:fs';
import { cpus, freemem, hostname, loadavg, totalmem } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type MonitorSample, type MonitorServer, monitorHistoryMs, monitorSampleIntervalMs } from '@cellsight/contract';
import fp from 'fastify-plugin';
import { serverPath } from '../../paths.js';
import type { MonitorRepository } from './monitor.repository.js';

/** The product's version: the server package's. */
const productVersion = (JSON.parse(readFileSync(serverPath('package.json'), 'utf8')) as { version: string }).version;

export interface Monitor {
  /** This process now: memory, CPU and event-loop delay since the last sample, request rate. */
  server(): MonitorServer;
  /** The samples of the last hour, oldest first. */
  history(): MonitorSample[];
  /** Device messages and samples per second over the last sample interval. */
  deviceRates(): { messagesPerSecond: number; samplesPerSecond: number };
  /** Takes a sample now (the timer does it every 10 s). */
  sample(): Promise<MonitorSample>;
}

declare module 'fastify' {
  interface FastifyInstance {
    monitor: Monitor;
  }
}

const nsToMs = (ns: number) => (Number.isFinite(ns) ? Math.round(ns / 1e4) / 100 : 0);
const perSecond = (delta: number, ms: number) => (ms > 0 ? Math.round((delta * 100_000) / ms) / 100 : 0);

/**
 * The sampler: every 10 s one sample of this process (memory, event-loop delay p99, CPU, requests,
 * device messages and samples per second, database connections), the last hour kept in memory.
 * Each server process keeps its own; the timer stops when the app closes.
 */
export default fp<{ repository: MonitorRepository }>(
  async (app, { repository }) => {
    const samples: MonitorSample[] = [];
    const capacity = Math.ceil(monitorHistoryMs / monitorSampleIntervalMs);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const startTime = new Date(Date.now() - process.uptime() * 1000);
    let requests = 0;
    app.addHook('onResponse', async () => {
      requests += 1;
    });

    /** Counters at the previous sample, so each rate covers one interval. */
    let previous = { at: performance.now(), cpu: process.cpuUsage(), requests: 0, messages: 0, samples: 0 };
    let rates = { cpuPercent: 0, requestsPerSecond: 0, messagesPerSecond: 0, samplesPerSecond: 0 };

    const ingestCounters = () => {
      const stats = app.devicePlane.ingest.stats();
      return { messages: stats.messages, samples: stats.samplesReceived };
    };

    const eventLoop = () => ({ meanMs: nsToMs(delay.mean), p50Ms: nsToMs(delay.percentile(50)), p99Ms: nsToMs(delay.percentile(99)), maxMs: nsToMs(delay.max) });

    /** The event-loop delay of the last whole interval (the live histogram until the first sample). */
    let lastLoop: ReturnType<typeof eventLoop> | null = null;

    const sample = async (): Promise<MonitorSample> => {
      const now = performance.now();
      const elapsedMs = now - previous.at;
      const cpu = process.cpuUsage(previous.cpu);
      const counters = ingestCounters();
      rates = {
        cpuPercent: elapsedMs > 0 ? Math.round(((cpu.user + cpu.system) / 1000 / elapsedMs) * 1000) / 10 : 0,
        requestsPerSecond: perSecond(requests - previous.requests, elapsedMs),
        messagesPerSecond: perSecond(counters.messages - previous.messages, elapsedMs),
        samplesPerSecond: perSecond(counters.samples - previous.samples, elapsedMs),
      };
      previous = { at: now, cpu: process.cpuUsage(), requests, ...counters };
      const loop = eventLoop();
      lastLoop = loop;
      delay.reset();
      let dbConnections: number | null = null;
      try {
        const connections = await repository.connections();
        dbConnections = connections ? connections.reduce((sum, row) => sum + row.count, 0) : null;
      } catch (error) {
        app.log.warn({ err: error }, 'monitor: could not count database connections');
      }
      const memory = process.memoryUsage();
      const taken: MonitorSample = {
        time: new Date().toISOString(),
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        eventLoopP99Ms: loop.p99Ms,
        cpuPercent: rates.cpuPercent,
        requestsPerSecond: rates.requestsPerSecond,
        messagesPerSecond: rates.messagesPerSecond,
        samplesPerSecond: rates.samplesPerSecond,
        dbConnections,
      };
      samples.push(taken);
      if (samples.length > capacity) samples.splice(0, samples.length - capacity);
      return taken;
    };

    const timer = setInterval(() => {
      sample().catch((error: unknown) => app.log.warn({ err: error }, 'monitor: sampling failed'));
    }, monitorSampleIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      delay.disable();
    });

    app.decorate('monitor', {
      server: (): MonitorServer => {
        const memory = process.memoryUsage();
        return {
          productVersion,
          nodeVersion: process.version,
          pid: process.pid,
          hostname: hostname(),
          platform: `${process.platform} ${process.arch}`,
          startTime: startTime.toISOString(),
          uptimeSeconds: Math.round(process.uptime()),
          memory: { rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal, external: memory.external, systemTotal: totalmem(), systemFree: freemem() },
          cpuPercent: rates.cpuPercent,
          loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
          cpuCount: cpus().length,
          eventLoop: lastLoop ?? eventLoop(),
          requestsPerSecond: rates.requestsPerSecond,
        };
      },
      history: () => [...samples],
      deviceRates: () => ({ messagesPerSecond: rates.messagesPerSecond, samplesPerSecond: rates.samplesPerSecond }),
      sample,
    });
  },
  { name: 'monitor', dependencies: ['database'] },
);
