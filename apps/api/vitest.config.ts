import { defineConfig } from 'vitest/config';
import { reporters } from '../../scripts/vitest-report.mjs';

export default defineConfig({
  test: {
    reporters: reporters('api'),
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.load.test.ts'],
    globalSetup: ['./src/test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
  },
});
