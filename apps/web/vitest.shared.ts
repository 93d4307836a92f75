import react from '@vitejs/plugin-react';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteUserConfig } from 'vitest/config';
import { testWorkerArgs } from '../../vitest.workers.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Component test files share their worker's modules and window (isolate: false): a file no longer
 * pays some 6 s to load React, antd and jsdom again, which halves the web tests. Files that replace
 * a module (`vi.mock`) need a module graph of their own, so they run in the `web-isolated` project
 * (vitest.isolated.config.ts), one fresh worker each.
 */
export const filesReplacingModules: string[] = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(join(root, 'src', file), 'utf8').includes('vi.mock('))
  .map((file) => `src/${file}`);

/** What both web projects share. */
export const webTestConfig = (test: NonNullable<ViteUserConfig['test']>): ViteUserConfig => ({
  plugins: [react()],
  resolve: { alias: { '@': join(root, 'src') } },
  test: {
    root,
    environment: 'jsdom',
    setupFiles: ['src/testing/setup-tests.ts'],
    // Sized for a slow machine: the slowest component test takes some 4.5 s alone on 2 cores and
    // took 21 s while the server tests and a type-check ran beside it; a hung test still ends.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    execArgv: testWorkerArgs,
    ...test,
  },
});
