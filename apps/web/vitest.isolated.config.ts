import { defineConfig } from 'vitest/config';
import { filesReplacingModules, webTestConfig } from './vitest.shared.ts';

export default defineConfig(webTestConfig({ name: 'web-isolated', include: filesReplacingModules }));
