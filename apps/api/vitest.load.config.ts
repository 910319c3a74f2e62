import { defineConfig } from 'vitest/config';
import { reporters } from '../../scripts/vitest-report.mjs';

export default defineConfig({
  test: {
    reporters: reporters('api-load'),
    include: ['src/**/*.load.test.ts'],
    globalSetup: ['./src/test/globalSetup.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
