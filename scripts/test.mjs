#!/usr/bin/env node
// The one test command (`npm test`). Runs, in order, each step as a child process with its output
// streamed: ensure Chromium, lint, type-check, Vitest (unit, API, component), build the web app and the server,
// Playwright end-to-end tests. Every step runs even when an earlier one failed (Playwright is
// skipped, and counted failed, when the build failed). Ends with per-suite counts (passed, failed
// and skipped), a line `N skipped` and a last line `N passed, N failed` (which CI reads: nothing is
// printed after it); the exit code is non-zero when anything failed.
/* eslint-disable no-console -- a command-line tool: its report is its output */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, '.test-output');
const vitestJson = path.join(outDir, 'vitest.json');
const playwrightJson = path.join(outDir, 'playwright.json');
const chromium = '/usr/bin/chromium';

const env = {
  ...process.env,
  // Playwright must never fetch a browser of its own; Debian's Chromium is used.
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
};

/** @type {{ name: string; passed: number; failed: number; skipped?: number; note?: string; seconds: number }[]} */
const suites = [];

const banner = (text) => console.log(`\n=== ${text} ${'='.repeat(Math.max(3, 72 - text.length))}`);

/**
 * Runs a command with inherited output; resolves to its exit code (127 when it cannot start).
 * With `limitSeconds`, a step that runs longer (a test stuck in a synchronous loop, which no
 * test timeout can interrupt) is killed with its whole process group, so the suite still reports.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions & { limitSeconds?: number }} [options]
 * @returns {Promise<number>}
 */
function run(command, args, { limitSeconds, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit', detached: limitSeconds !== undefined, ...options });
    const killGroup = (signal) => {
      try {
        if (limitSeconds === undefined) child.kill(signal);
        // No pid: the command never started, so there is no group to stop.
        else if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    const forward = (signal) => killGroup(signal);
    const limit =
      limitSeconds === undefined
        ? undefined
        : setTimeout(() => {
            console.error(`\n${command} ${args.join(' ')} ran past its limit of ${limitSeconds}s and was stopped`);
            killGroup('SIGKILL');
          }, limitSeconds * 1000);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const done = (code) => {
      clearTimeout(limit);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code);
    };
    child.on('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      done(127);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

async function step(name, fn) {
  banner(name);
  const started = Date.now();
  const result = await fn();
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  suites.push({ name, seconds, ...result });
  console.log(`--- ${name}: ${result.passed} passed, ${result.failed} failed${result.skipped ? `, ${result.skipped} skipped` : ''}${result.note ? ` (${result.note})` : ''} in ${seconds}s`);
  return result;
}

/** Runs one-test steps at the same time, their output kept and printed step by step once all have ended. */
async function singlesSideBySide(steps) {
  const results = await Promise.all(
    steps.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const chunks = [];
          const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (chunk) => chunks.push(chunk));
          child.stderr.on('data', (chunk) => chunks.push(chunk));
          const done = (code) => resolve({ name, code, output: Buffer.concat(chunks).toString(), seconds: Math.round((Date.now() - started) / 100) / 10 });
          child.on('error', (error) => {
            chunks.push(Buffer.from(`could not start ${command}: ${error.message}\n`));
            done(127);
          });
          child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
        }),
    ),
  );
  for (const { name, code, output, seconds } of results) {
    banner(name);
    process.stdout.write(output);
    const result = code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: `exit code ${code}` };
    suites.push({ name, seconds, ...result });
    console.log(`--- ${name}: ${result.passed} passed, ${result.failed} failed${result.note ? ` (${result.note})` : ''} in ${seconds}s`);
  }
}

/** A step that is one test: passed when the command exits 0. */
const single = (command, args) => async () => {
  const code = await run(command, args);
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: `exit code ${code}` };
};

function summarise() {
  banner('Summary');
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const s of suites) {
    passed += s.passed;
    failed += s.failed;
    skipped += s.skipped ?? 0;
    console.log(
      `${s.name.padEnd(12)} ${String(s.passed).padStart(5)} passed ${String(s.failed).padStart(4)} failed ${String(s.skipped ?? 0).padStart(4)} skipped  ${`${s.seconds}s`.padStart(7)}${s.note ? `  (${s.note})` : ''}`,
    );
  }
  // Skipped tests are neither passed nor failed: a test skipped for a missing service outside CI
  // (in CI a missing service fails), or one for the other database.
  console.log(`${skipped} skipped`);
  // The last line, in this form: CI parses it.
  console.log(`${passed} passed, ${failed} failed`);
  return failed;
}

// (a) Chromium for the end-to-end tests.
banner('chromium');
let chromiumReady = existsSync(chromium);
if (chromiumReady) {
  console.log(`${chromium} is present`);
} else if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.log(`${chromium} is missing; installing Debian's chromium and fonts-noto-cjk`);
  const code = await run('sh', ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium fonts-noto-cjk']);
  chromiumReady = code === 0 && existsSync(chromium);
  if (!chromiumReady) console.error(`installing Chromium failed (exit code ${code}); the end-to-end tests will not run`);
} else {
  console.error(
    `${chromium} is missing and this user cannot install it.\n` +
      'Install Debian\'s Chromium once as root, then run the tests again:\n' +
      '  sudo apt-get update && sudo apt-get install -y chromium fonts-noto-cjk',
  );
  suites.push({ name: 'chromium', passed: 0, failed: 1, note: 'Chromium missing', seconds: 0 });
  summarise();
  process.exit(1);
}

// HAProxy for the scale-out test (apps/server/test/scale-out.test.ts: two server processes behind a
// real proxy). Installed like Chromium when missing and root; otherwise that test says it is skipped
// (and fails in CI, where it must run).
const haproxy = '/usr/sbin/haproxy';
if (!existsSync(haproxy)) {
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log(`${haproxy} is missing; installing Debian's haproxy`);
    const code = await run('sh', ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y haproxy']);
    if (code !== 0 || !existsSync(haproxy)) console.error(`installing HAProxy failed (exit code ${code}); the scale-out test cannot run`);
  } else {
    console.error(`${haproxy} is missing: the scale-out test is skipped (sudo apt-get install -y haproxy to run it)`);
  }
}

mkdirSync(outDir, { recursive: true });

// (b) Lint and (c) type-check, one test each. Both are single-threaded, so they run side by side
// (under a minute each on a 2-core machine); each one's output is printed when it ends.
await singlesSideBySide([
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['typecheck', 'npm', ['run', 'typecheck']],
]);

// (d) Unit, API and component tests; counts from Vitest's JSON report.
await step('vitest', async () => {
  rmSync(vitestJson, { force: true });
  // The limit is a guard against a hung test, not a target: quiet, Vitest takes some 4.5 minutes of a 9-minute run.
  const code = await run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${path.relative(root, vitestJson)}`], { limitSeconds: 22 * 60 });
  const report = readJson(vitestJson);
  if (!report) return { passed: 0, failed: 1, note: `no JSON report, exit code ${code}` };
  const passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  // Skipped (it.skip, skipIf, a skipped suite's tests) and todo tests.
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  let note;
  if (code !== 0 && failed === 0) {
    // A file that failed to load, or an unhandled error, fails the run without failing a test.
    failed = Math.max(1, report.numFailedTestSuites ?? 0);
    note = `exit code ${code} with no failed test: counted as ${failed} failed`;
  }
  return { passed, failed, skipped, note };
});

// (e) Build the web app that the server serves to the browser, and the server as it ships.
const build = await step('build', single('npm', ['run', 'build']));

// (f) End-to-end tests in Chromium against the real server; counts from Playwright's JSON report.
if (build.failed > 0 || !chromiumReady) {
  const why = build.failed > 0 ? 'skipped: the build failed' : 'skipped: Chromium missing';
  banner('playwright');
  console.log(why);
  suites.push({ name: 'playwright', passed: 0, failed: 1, note: why, seconds: 0 });
} else {
  await step('playwright', async () => {
    rmSync(playwrightJson, { force: true });
    const code = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson },
      limitSeconds: 15 * 60,
    });
    const report = readJson(playwrightJson);
    if (!report?.stats) return { passed: 0, failed: 1, note: `no JSON report, exit code ${code}` };
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
    const passed = expected + flaky;
    let failed = unexpected;
    const notes = [];
    if (flaky) notes.push(`${flaky} flaky`);
    if (code !== 0 && failed === 0) {
      // The web server did not start, a global error, or no tests found.
      failed = 1;
      notes.push(`exit code ${code} with no failed test: counted as 1 failed`);
    }
    return { passed, failed, skipped, note: notes.join(', ') || undefined };
  });
}

const failed = summarise();
process.exit(failed > 0 ? 1 : 0);
