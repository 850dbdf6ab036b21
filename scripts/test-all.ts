import { spawnSync } from 'node:child_process';
import { resolveTestServices } from '@comptoir/testing';

/**
 * The README's test command: lint, typecheck, then every test package against real
 * PostgreSQL and Redis (DATABASE_URL / REDIS_URL, else local standard ports, else embedded).
 */
function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  process.stderr.write(`\n[comptoir] ${title}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    process.stderr.write(`[comptoir] ${title} failed\n`);
    process.exit(result.status ?? 1);
  }
}

step('lint (biome)', 'pnpm', ['exec', 'biome', 'check', '.']);
step('typecheck', 'pnpm', ['exec', 'turbo', 'run', 'typecheck', '--output-logs=errors-only']);
// Once, before the test packages run side by side: compiling the official e-invoice rule sets
// takes tens of seconds of CPU, which no single test should pay within its timeout.
step('e-invoice rule sets', 'pnpm', ['--filter', '@comptoir/einvoice-rules', 'run', 'compile']);

const { postgres, redis } = await resolveTestServices((message) =>
  process.stderr.write(`[comptoir] ${message}\n`),
);
process.stderr.write(`[comptoir] tests use ${postgres.source} and ${redis.source}\n`);
let status = 0;
try {
  // Three packages at once on two cores: the browser tests and the API's wait on sockets and
  // timers much of the time (two at once kept the cores 57 % busy, and the run near 10 minutes).
  step('tests', 'pnpm', ['exec', 'turbo', 'run', 'test', '--concurrency=3'], {
    ...process.env,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
  });
} catch {
  status = 1;
} finally {
  await redis.stop();
  await postgres.stop();
}
process.exit(status);
