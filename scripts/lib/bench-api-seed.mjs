// Runs scripts/seed-bench-fleet.sql step by step on one connection, timing each step: psql-style
// `:name` variables are substituted (numbers only), a `-- step[batteries]:` step runs once per
// slice of batteries (`lo`..`hi`) so a long insert reports its progress, and `-- step[fresh]:`
// steps run again before measuring a database seeded earlier (`freshenFleet`).
import { readFileSync } from 'node:fs';

/** @typedef {{ label: string, kind: 'batteries' | 'fresh' | null, sql: string }} SeedStep */
/** @typedef {Record<string, number>} SeedVariables the values of the `:name` variables (integers) */

/**
 * The file's steps: `{ label, kind ('batteries', 'fresh' or null), sql }`, in order.
 * @param {string} file
 * @returns {SeedStep[]}
 */
export function readSeedSteps(file) {
  const steps = [];
  for (const block of readFileSync(file, 'utf8').split(/^-- step/m).slice(1)) {
    const header = /^(?:\[(batteries|fresh)\])?:\s*(.+)$/m.exec(block);
    const label = header?.[2];
    if (!header || header.index !== 0 || label === undefined) throw new Error(`${file}: a step without a label: ${block.slice(0, 60)}`);
    const kind = /** @type {'batteries' | 'fresh' | undefined} */ (header[1]);
    steps.push({ label: label.trim(), kind: kind ?? null, sql: block.slice(header[0].length) });
  }
  return steps;
}

/**
 * Replaces `:name` (not `::type`) by the variable's value; every variable must be an integer.
 * @param {string} sql
 * @param {SeedVariables} variables
 */
export function substitute(sql, variables) {
  return sql.replace(/(?<![:\w]):([a-z_]+)\b/g, (match, /** @type {string} */ name) => {
    if (!(name in variables)) throw new Error(`seed SQL uses :${name}, which has no value`);
    const value = variables[name];
    if (!Number.isInteger(value)) throw new Error(`:${name} must be an integer, not ${value}`);
    return String(value);
  });
}

/**
 * Seeds the fleet through `client` (a connected pg.Client). `log(line)` hears each step's time;
 * returns `[{ label, seconds }]` and the total.
 * @param {import('pg').Client} client
 * @param {string} file
 * @param {SeedVariables & { batteries: number }} variables
 * @param {{ slice?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<{ timings: { label: string, seconds: number }[], seconds: number }>}
 */
export async function seedFleet(client, file, variables, { slice = 10_000, log = () => undefined } = {}) {
  /** @type {{ label: string, seconds: number }[]} */
  const timings = [];
  const started = performance.now();
  // Each statement commits on its own; losing the last ones in a crash costs nothing here.
  await client.query('set synchronous_commit = off');
  await client.query("set work_mem = '64MB'");
  for (const step of readSeedSteps(file)) {
    const stepStarted = performance.now();
    if (step.kind === 'batteries') {
      for (let lo = 1; lo <= variables.batteries; lo += slice) {
        const hi = Math.min(variables.batteries, lo + slice - 1);
        const sliceStarted = performance.now();
        await client.query(substitute(step.sql, { ...variables, lo, hi }));
        log(`  ${step.label}: batteries ${lo}..${hi} in ${((performance.now() - sliceStarted) / 1000).toFixed(1)} s`);
      }
    } else {
      await client.query(substitute(step.sql, variables));
    }
    const seconds = (performance.now() - stepStarted) / 1000;
    timings.push({ label: step.label, seconds });
    log(`${step.label}: ${seconds.toFixed(1)} s`);
  }
  return { timings, seconds: (performance.now() - started) / 1000 };
}

/**
 * Runs the `[fresh]` steps only (a database seeded by an earlier run with --keep).
 * @param {import('pg').Client} client
 * @param {string} file
 * @param {SeedVariables} variables
 */
export async function freshenFleet(client, file, variables) {
  for (const step of readSeedSteps(file)) if (step.kind === 'fresh') await client.query(substitute(step.sql, variables));
}
