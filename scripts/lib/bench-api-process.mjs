// Child processes for bench-api.mjs (the server, the bare handler) and where the CPU time went.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

import { freePort, sleep } from './local-net.mjs';

export { freePort, sleep };

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/** @type {Set<ChildProcess>} */
const children = new Set();

/** Kills every child still running (on the way out, whatever happened). */
export const killChildren = () => {
  for (const child of children) child.kill('SIGKILL');
};

/**
 * SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited.
 * @param {ChildProcess} child
 */
export const stopChild = async (child, graceMs = 15_000) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
};

/**
 * Starts `node args` with `env` and waits until `readyUrl` answers 2xx. Returns the child and its
 * last output (kept for the report when it fails).
 * @param {{ args: string[], env: NodeJS.ProcessEnv, cwd?: string, readyUrl: string, timeoutMs?: number }} options
 */
export async function startProcess({ args, env, cwd, readyUrl, timeoutMs = 180_000 }) {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(readyUrl)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not answer ${readyUrl} in ${timeoutMs / 1000} s:\n${output}`);
    await sleep(100);
  }
  return { child, pid: child.pid, output: () => output };
}

const clockTicks = 100;
const statFields = (pid) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};

/** CPU seconds used so far by a process (user + system). */
export const cpuSeconds = (pid) => {
  try {
    const fields = statFields(pid);
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return 0;
  }
};

/** CPU seconds of every PostgreSQL process (backends of all clients, the postmaster's reaped children). */
export const postgresCpuSeconds = () => {
  let total = 0;
  const comm = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return '';
    }
  };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || comm(entry) !== 'postgres') continue;
    try {
      const fields = statFields(entry);
      total += (Number(fields[11]) + Number(fields[12])) / clockTicks;
      // The postmaster: add what its exited backends used.
      if (comm(fields[1]) !== 'postgres') total += (Number(fields[13]) + Number(fields[14])) / clockTicks;
    } catch {
      // gone meanwhile
    }
  }
  return total;
};

/** Machine-wide CPU ticks: busy, idle, and stolen by the hypervisor. */
export const machineTicks = () => {
  // The first line: `cpu  user nice system idle iowait irq softirq steal guest guest_nice`.
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const [label, ...fields] = line.trim().split(/\s+/);
  if (label !== 'cpu' || fields.length < 8) throw new Error(`/proc/stat does not start with the machine's CPU ticks: ${line}`);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = /** @type {[number, number, number, number, number, number, number, number]} */ (fields.map(Number));
  return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
};
