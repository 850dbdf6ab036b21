import { defineConfig } from 'vitest/config';

// The rule sets' own checks: files only, no database, no Redis.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
