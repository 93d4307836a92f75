// The delivery settings of docs/deploy/mosquitto.conf (queues, in-flight, persistence timing) as
// `name value` lines, so the tests' and the benchmark's private brokers run what production runs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const deployConfig = fileURLToPath(new URL('../../docs/deploy/mosquitto.conf', import.meta.url));

const copiedSettings = new Set([
  'max_queued_messages',
  'max_queued_bytes',
  'max_inflight_messages',
  'max_inflight_bytes',
  'set_tcp_nodelay',
  'max_packet_size',
  'queue_qos0_messages',
  'retain_available',
  'max_keepalive',
  'autosave_interval',
  'autosave_on_changes',
  'persistent_client_expiration',
]);

/** @param {string} [path] @returns {string[]} */
export const deploySettings = (path = deployConfig) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && copiedSettings.has(line.split(/\s+/)[0] ?? ''));
