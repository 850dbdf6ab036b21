import { type ChildProcess, spawn } from 'node:child_process';

/**
 * The app's build, made when it is missing or older than its sources: `pnpm build:web`'s script
 * (apps/web/scripts/build.ts), which leaves an up-to-date build alone. `started` hears of the
 * build's process, so that a stop during the build stops it too.
 */
export async function ensureWebBuild(
  repoRoot: string,
  started: (child: ChildProcess) => void,
): Promise<void> {
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [`${repoRoot}apps/web/scripts/build.ts`], { stdio: 'inherit' });
    started(child);
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the app's build failed (exit code ${code}); see above`);
}
