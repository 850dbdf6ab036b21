import { enableCompileCache, flushCompileCache, getCompileCacheDir } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Each service's V8 flags, measured in docs/benchmarks.md ("Keep-alive and memory", "Worker
 * memory, part 2", "API memory", "API memory, parts 4 and 5"). The worker's semi-space is 4 MB:
 * twice the scavenges of 8 MB for about 5 % more time in the collector, and 2–4 MB less RSS while
 * it delivers. The API's old generation is bounded (live heap about 35–45 MB under load; V8
 * otherwise lets it grow to about 4× that before a full collection) and its semi-space is 16 MB.
 * V8 rounds a semi-space up to a power of two, so the young generation commits 32 MB where a 24
 * or 32 MB semi-space commits 64, with no measurable cost per request (the collector runs twice
 * as often, each scavenge shorter: its cost is what survives, the requests in flight).
 * The API runs without Maglev, V8's mid-tier compiler: with it, about one start in three kept a
 * burst of malloc blocks from the start of a load as fragmented heap (peaks of 193–198 MB against
 * 175–185); without it no start went above 176 MB (10 starts, interleaved). Maglev compiles much
 * of the request path at once when the load begins, on threads of its own, which fits that burst.
 * TurboFan still optimises what stays hot, and neither the product bench's CPU per request nor
 * invoice creation's or the stock writes' got worse.
 * The API scavenges on its main thread alone (`--no-parallel-scavenge`): on two cores shared with
 * PostgreSQL the scavenger's helper threads cost more than they save (REST list and get +2.4 to
 * +3.5 points of bare in 11 of 12 interleaved pairs, search +1.4; writes unchanged; peak RSS up
 * to 197 MB in one run; "API memory, part 6"). Full collections keep their parallel marking and
 * compaction: without those the heap grew to 320 MB.
 * The API never allocates straight into the old generation (`--no-allocation-site-pretenuring`):
 * V8 decides, per allocation site and by survival during the first seconds of a load, to put a
 * site's objects in the old generation from then on; every young object such an object holds
 * (a statement's rows, a request's page) then survives each scavenge until a full collection.
 * Most API processes made that decision and promoted 11 KB per list; without it 1.7–2.4 KB, and
 * REST list went from 67 % of bare to 80 % in a same-run A/B ("API memory, part 8"). The
 * worker's deliveries gained nothing from it, so it keeps V8's default.
 */
export const serviceNodeFlags = {
  worker: ['--max-semi-space-size=4', '--max-old-space-size=256'],
  api: [
    '--max-semi-space-size=16',
    '--max-old-space-size=256',
    '--no-maglev',
    '--no-parallel-scavenge',
    '--no-allocation-site-pretenuring',
  ],
} as const satisfies Record<string, readonly string[]>;

/**
 * C library settings a service's replaced process gets (an operator's values win): glibc reads
 * them when a process starts. The worker's MALLOC_ARENA_MAX=2: glibc gives each thread that
 * allocates (V8's collector and compiler threads, libuv's pool) an arena of its own, up to 8 per
 * core, and memory freed in one arena is not reused by another; two keep about 5 MB less RSS
 * while the worker delivers, at no measurable CPU cost ("Worker memory, part 2"); the API gets
 * the same.
 */
export const serviceProcessEnvironment = {
  worker: { MALLOC_ARENA_MAX: '2' },
  api: { MALLOC_ARENA_MAX: '2' },
} as const satisfies Record<string, Readonly<Record<string, string>>>;

/** A long-running service: the processes `startService` starts. */
export type ServiceName = keyof typeof serviceNodeFlags;

/**
 * How a service's entry point starts (the API, the worker, and the bench's API, which must start
 * as production does): its V8 flags and C library settings (the process may replace itself
 * here), then `load`, the modules it runs, then the compile cache saved, with one restart from it
 * if that load had to strip TypeScript. The order is the point: nothing but this module may be
 * imported before the limits, and nothing may be started before the restart. Returns what `load`
 * gave.
 */
export async function startService<Loaded>(
  service: ServiceName,
  load: () => Promise<Loaded>,
): Promise<Loaded> {
  runWithNodeFlags(serviceNodeFlags[service], serviceProcessEnvironment[service]);
  const loaded = await load();
  saveCompileCacheOrRestartFromIt();
  return loaded;
}

/**
 * The V8 flags and the compile cache a long-running process runs with (the worker, the
 * API), through `startService`.
 *
 * Why heap limits: on a machine with plenty of RAM, V8 sizes a process's heap for a 4 GB limit:
 * a young generation of up to 2 × 64 MB and an old generation allowed to grow to about 4 × its
 * live size before a full collection. The worker has a live heap of about 40 MB and makes
 * garbage fast (every delivery allocates tens of KB that die within milliseconds), so with
 * those defaults its RSS climbed to 280–390 MB of mostly dead objects. A small
 * semi-space and a bounded old generation (V8 then grows the heap by at most 1.3× its live
 * size) keep the same work at about half of that, for a few percent more time in the garbage
 * collector (docs/benchmarks.md, "Keep-alive and memory (issue 16)").
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
 * It gets the service's C library settings too (`environment`, from `serviceProcessEnvironment`:
 * those the operator left unset).
 *
 * NODE_OPTIONS, NODE_COMPILE_CACHE and NODE_DISABLE_COMPILE_CACHE are Node's own settings, and
 * MALLOC_ARENA_MAX glibc's, read here for that alone: they are not the services' configuration
 * (index.ts).
 */
function runWithNodeFlags(
  nodeFlags: readonly string[],
  environment: Readonly<Record<string, string>> = {},
): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  const missing = nodeFlags.filter((flag) => !given.some((operatorFlag) => sameOption(operatorFlag, flag)));
  const compileCache = compileCacheEnvironment();
  replacementEnvironment = Object.fromEntries(
    Object.entries(environment).filter(([name]) => process.env[name] === undefined),
  );
  if (missing.length > 0 && typeof process.execve === 'function') {
    process.execve(
      process.execPath,
      [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)],
      { ...process.env, ...compileCache, ...replacementEnvironment },
    );
  }
  if (compileCache.NODE_COMPILE_CACHE) enableCompileCache(compileCache.NODE_COMPILE_CACHE);
}

/**
 * Whether two command-line flags set the same V8 or Node option, whatever their values: V8 accepts
 * `_` for `-`, and `--no-x` and `--x` set one boolean option.
 */
function sameOption(a: string, b: string): boolean {
  const option = (flag: string) =>
    (flag.split('=')[0] as string).replaceAll('_', '-').replace(/^--(no-)?/, '');
  return a.startsWith('--') && option(a) === option(b);
}

/** The service's C library settings the operator left unset, for a process that replaces itself. */
let replacementEnvironment: Record<string, string> = {};

/** In the environment of a process that replaced itself to start again from the filled cache. */
const restartedFromCompileCache = 'COMPTOIR_RESTARTED_FROM_COMPILE_CACHE';

/**
 * Saves the compile cache and, if this start had to strip TypeScript (a module the cache did not
 * hold yet: the first start after an install or a change, every start of a new container),
 * replaces the process with a fresh copy of itself (process.execve: same pid, arguments, stdio).
 * The copy finds every module in the cache, so Node never instantiates its type-stripping
 * WebAssembly, which would otherwise keep about 17 MB of RSS for the life of the process
 * (docs/benchmarks.md, "Worker memory, part 2"); the cost is loading the modules twice, on such
 * starts only. Node loads that module (internal/deps/amaro) only to strip a file, and
 * process.moduleLoadList names the internal modules loaded so far.
 *
 * Call it once the modules are loaded and before the service has started anything (a connection,
 * a listening socket, a timer): the replacement drops it all. A process replaces itself at most
 * once (a variable in the copy's environment says it did), so a cache that cannot be written
 * costs one more load, never a loop.
 */
function saveCompileCacheOrRestartFromIt(): void {
  flushCompileCache();
  const loaded = (process as { moduleLoadList?: readonly string[] }).moduleLoadList ?? [];
  const stripped = loaded.includes('NativeModule internal/deps/amaro/dist/index');
  // Undefined when the cache is off, or could not be opened (a directory that cannot be written).
  const cacheOn = getCompileCacheDir() !== undefined;
  if (
    !stripped ||
    !cacheOn ||
    process.env[restartedFromCompileCache] ||
    typeof process.execve !== 'function'
  ) {
    return;
  }
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    ...compileCacheEnvironment(),
    ...replacementEnvironment,
    [restartedFromCompileCache]: '1',
  });
}

/** NODE_COMPILE_CACHE for a replaced process, unless the operator set it or turned the cache off. */
function compileCacheEnvironment(): { NODE_COMPILE_CACHE?: string } {
  return process.env.NODE_COMPILE_CACHE || process.env.NODE_DISABLE_COMPILE_CACHE
    ? {}
    : { NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache') };
}
