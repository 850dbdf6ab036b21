import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export interface TestConfigOptions {
  /**
   * Start PostgreSQL and Redis (and build the migrated template database) before the tests:
   * on unless the package's tests need neither.
   */
  services?: boolean;
}

/** The one vitest configuration every package's tests use. */
export function testConfig(options: TestConfigOptions = {}) {
  const { services = true } = options;
  return defineConfig({
    test: {
      ...(services ? { globalSetup: [fileURLToPath(new URL('./global-setup.ts', import.meta.url))] } : {}),
      include: ['test/**/*.test.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks',
    },
  });
}
