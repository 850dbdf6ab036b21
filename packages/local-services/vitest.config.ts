import { defineConfig } from 'vitest/config';

// These tests start and stop services themselves: no shared test database.
export default defineConfig({ test: { include: ['test/**/*.test.ts'], testTimeout: 60_000 } });
