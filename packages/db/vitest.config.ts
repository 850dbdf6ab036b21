import { defineConfig } from 'vitest/config';

// The settings of @comptoir/testing's testConfig, without its global setup: @comptoir/testing
// depends on this package, and this package's test builds the one database it needs.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
