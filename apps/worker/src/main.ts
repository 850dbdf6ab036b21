/**
 * The worker's entry point (`node apps/worker/src/main.ts`). It gives the process its own V8 heap
 * limits, then runs the worker (worker.ts).
 *
 * Why: on a machine with plenty of RAM, V8 sizes a process's heap for a 4 GB limit: a young
 * generation of up to 2 × 64 MB and an old generation allowed to grow to about 4 × its live
 * size before a full collection. The worker's live heap is about 40 MB and it makes garbage
 * fast (each delivery allocates tens of KB that die within milliseconds), so with those defaults
 * its RSS climbed to 280–390 MB of mostly dead objects. A 8 MB semi-space and a 256 MB old
 * generation (V8 then grows the heap by at most 1.3× its live size) keep the same work under
 * about half of that, for a few percent more time in the garbage collector (docs/benchmarks.md,
 * "Keep-alive and memory (issue 16)").
 *
 * These flags must be known when V8 creates the heap, so they cannot be set from inside a
 * running process: when they are missing, the process replaces itself (process.execve: same
 * pid, same stdio and signals, no parent left behind) with `node <flags> main.ts`. Flags given
 * by the operator (`node --max-old-space-size=1024 apps/worker/src/main.ts`, or NODE_OPTIONS)
 * win over these (NODE_OPTIONS is read for that alone: it is Node's, not the worker's configuration).
 */
const heapLimits = ['--max-semi-space-size=8', '--max-old-space-size=256'];

const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
const missing = heapLimits.filter((limit) => {
  const name = limit.split('=')[0] as string;
  // V8 accepts both spellings.
  return !given.some((flag) => flag.replaceAll('_', '-').startsWith(name));
});
if (missing.length > 0 && typeof process.execve === 'function') {
  process.execve(
    process.execPath,
    [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)],
    process.env,
  );
}

await import('./worker.ts');
