import { enableCompileCache, flushCompileCache } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Each service's heap limits, measured in docs/benchmarks.md ("API memory", "Keep-alive and memory"). */
export const serviceHeapLimits = {
  api: ['--max-semi-space-size=8', '--max-old-space-size=256'],
  worker: ['--max-semi-space-size=8', '--max-old-space-size=256'],
} as const satisfies Record<string, readonly string[]>;

/**
 * The V8 heap limits and the compile cache a long-running process (the API, the worker) runs
 * with. Call `runWithHeapLimits` first thing in the entry point, before importing the rest.
 *
 * Why heap limits: on a machine with plenty of RAM, V8 sizes a process's heap for a 4 GB limit:
 * a young generation of up to 2 × 64 MB and an old generation allowed to grow to about 4 × its
 * live size before a full collection. Both processes have a live heap of 40–60 MB and make
 * garbage fast (every request or delivery allocates tens of KB that die within milliseconds),
 * so with those defaults their RSS climbed to 300–530 MB of mostly dead objects. A small
 * semi-space and a bounded old generation (V8 then grows the heap by at most 1.3× its live
 * size) keep the same work at about half of that, for a few percent more time in the garbage
 * collector (docs/benchmarks.md, "Keep-alive and memory (issue 16)", "API memory").
 *
 * These flags must be known when V8 creates the heap, so they cannot be set from inside a
 * running process: when they are missing, the process replaces itself (process.execve: same
 * pid, same stdio and signals, no parent left behind) with `node <flags> <entry point>`. Flags
 * given by the operator (`node --max-old-space-size=1024 …`, or NODE_OPTIONS) win over these.
 *
 * The replaced process also runs with Node's compile cache (NODE_COMPILE_CACHE, in the system's
 * temporary directory; an operator's own NODE_COMPILE_CACHE or NODE_DISABLE_COMPILE_CACHE wins).
 * The cache keeps each module's type-stripped source beside its V8 code cache, so from the second
 * start on no TypeScript file is stripped again and Node never instantiates its type-stripping
 * WebAssembly, which would stay in memory for the life of the process: about 24 MB of RSS
 * (docs/benchmarks.md, "Worker memory, part 2"). Set in the environment of the replaced process,
 * it covers the entry point too; a process that needs no replacing enables it from here, for the
 * modules still to load.
 *
 * NODE_OPTIONS, NODE_COMPILE_CACHE and NODE_DISABLE_COMPILE_CACHE are Node's own settings, read
 * here for that alone: they are not the services' configuration (index.ts).
 */
export function runWithHeapLimits(heapLimits: readonly string[]): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  const missing = heapLimits.filter((limit) => {
    const name = limit.split('=')[0] as string;
    // V8 accepts both spellings.
    return !given.some((flag) => flag.replaceAll('_', '-').startsWith(name));
  });
  const compileCache =
    process.env.NODE_COMPILE_CACHE || process.env.NODE_DISABLE_COMPILE_CACHE
      ? {}
      : { NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache') };
  if (missing.length > 0 && typeof process.execve === 'function') {
    process.execve(
      process.execPath,
      [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)],
      { ...process.env, ...compileCache },
    );
  }
  if (compileCache.NODE_COMPILE_CACHE) enableCompileCache(compileCache.NODE_COMPILE_CACHE);
}

/**
 * Writes the compile cache of the modules loaded so far: call it once the process has loaded
 * them, not at exit, since a service that is killed never exits normally.
 */
export function saveCompileCache(): void {
  flushCompileCache();
}
