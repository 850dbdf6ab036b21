import { defineConfig } from 'vitest/config';

// Unit tests only: no database, no Redis. The settings are those of @comptoir/testing's
// testConfig, written here because @comptoir/testing depends on this package.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
