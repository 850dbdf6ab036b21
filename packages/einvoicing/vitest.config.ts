import { defineConfig } from 'vitest/config';

// No database and no Redis: the tests run against the local platform on an ephemeral port.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
