import { fileURLToPath } from 'node:url';
import { testConfig } from '@comptoir/testing/vitest';
import { defineConfig, mergeConfig } from 'vitest/config';

// The repository's test configuration (services, template database), plus a Chromium for the
// browser tests. Not vite.config.ts: the tests drive the built app, they do not build it.
export default mergeConfig(
  testConfig(),
  defineConfig({
    test: {
      globalSetup: [fileURLToPath(new URL('./test/browser/chromium-setup.ts', import.meta.url))],
    },
  }),
);
