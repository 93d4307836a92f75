import { configDefaults, defineConfig } from 'vitest/config';
import { filesReplacingModules, webTestConfig } from './vitest.shared.ts';

export default defineConfig(webTestConfig({ name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ...filesReplacingModules], isolate: false }));
