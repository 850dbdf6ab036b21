/**
 * `pnpm build:web`: builds the app into apps/web/dist, unless dist was already built from the same
 * sources. `./run start` and the browser tests run it too, and may run it at the same moment: a
 * lock makes the second wait for the first (and then find the build up to date), and each build is
 * written aside, then moved into place whole, so the API never serves half a build.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const web = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(web, '../..');
const dist = join(web, 'dist');
const stamp = join(dist, '.source-hash');
const lock = join(web, '.build-lock');

/** What the build is made from: sources, configuration, and the lockfile (a new dependency version is a new build). */
function sourceHash(): string {
  const files = [
    ...readdirSync(join(web, 'src'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== 'routeTree.gen.ts')
      .map((entry) => join(entry.parentPath, entry.name)),
    ...[
      'index.html',
      'package.json',
      'vite.config.ts',
      'tsr.config.json',
      'lingui.config.ts',
      'scripts/build.ts',
    ].map((name) => join(web, name)),
    join(repoRoot, 'pnpm-lock.yaml'),
  ];
  const hash = createHash('sha256');
  for (const file of files.sort())
    hash.update(relative(repoRoot, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** True while the process that wrote the lock runs; a lock whose process died is stale. */
function lockHolderAlive(): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    // Made an instant ago, its pid not yet written: alive, unless the lock is old.
    return Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 10_000;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function acquireLock(): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return;
    } catch {
      if (!lockHolderAlive()) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

// Vite's plugins (the router's generator, lingui) find their configuration from the working folder.
process.chdir(web);
// A production build whoever runs it: a test runner's NODE_ENV=test, inherited by `./run start`
// under test, made Vite bundle React's development build (twice the size).
process.env.NODE_ENV = 'production';
await acquireLock();
try {
  const hash = sourceHash();
  if (existsSync(join(dist, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
    process.stderr.write('[comptoir] the app’s build (apps/web/dist) is up to date\n');
  } else {
    process.stderr.write('[comptoir] building the app into apps/web/dist\n');
    const aside = `${dist}.building-${process.pid}`;
    await build({ root: web, logLevel: 'warn', build: { outDir: aside, emptyOutDir: true } });
    writeFileSync(join(aside, '.source-hash'), hash);
    const previous = `${dist}.previous-${process.pid}`;
    if (existsSync(dist)) renameSync(dist, previous);
    renameSync(aside, dist);
    rmSync(previous, { recursive: true, force: true });
  }
} finally {
  rmSync(lock, { recursive: true, force: true });
}
