import { defineConfig } from 'vitest/config';

// Rendering is pure (a document model in, bytes out): no database, no Redis. The settings are
// those of @comptoir/testing's testConfig, written here so that this package does not depend
// on @comptoir/testing, which depends on core, which depends on this package.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
