import { defineConfig } from 'vitest/config';
import { reporters } from '../../scripts/vitest-report.mjs';

export default defineConfig({
  test: {
    reporters: reporters('shared'),
    include: ['src/**/*.test.ts'],
  },
});
