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
      // What the page shows after a round trip to the API: a sign-in hashes a password (scrypt),
      // which takes seconds when the test packages share two cores; vitest's default is 1 s.
      expect: { poll: { timeout: 15_000 } },
    },
  }),
);
