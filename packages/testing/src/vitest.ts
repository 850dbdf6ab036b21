import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The one vitest configuration every package's tests use. */
export function testConfig() {
  return defineConfig({
    test: {
      globalSetup: [fileURLToPath(new URL('./global-setup.ts', import.meta.url))],
      include: ['test/**/*.test.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks',
    },
  });
}
