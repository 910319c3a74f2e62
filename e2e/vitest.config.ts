import { defineConfig } from 'vitest/config';
import { reporters } from '../scripts/vitest-report.mjs';

export default defineConfig({
  test: {
    reporters: reporters('e2e'),
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./harness/globalSetup.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
