/**
 * Summarises a V8 .cpuprofile (node --cpu-prof) of a server under load:
 *  - components: each sample charged to the innermost frame that belongs to a known component
 *    (a socket write made by pg counts as pg, JSON.stringify as JSON), in µs per request;
 *  - hot spots: inclusive (synchronous) time of selected functions on the request path;
 *  - top functions by self time, and self time by package / repository folder.
 *
 *   node bench/profile-summary.ts <file.cpuprofile> [requests]
 *
 * The profiler samples wall time: when the process waits for a CPU (2 cores shared with the
 * load generator and PostgreSQL), the wait is charged to the frame that was running, most often
 * the socket write that woke the peer. Per-process CPU time (run.ts) is the absolute measure;
 * this is for the shares.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { repoRoot } from './lib.ts';

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface TimeShare {
  name: string;
  ms: number;
  /** Percent of busy (non-idle) time. */
  percent: number;
  /** Microseconds per request, when the request count is known. */
  usPerRequest?: number;
}

export interface ProfileSummary {
  file: string;
  /** Sampled wall time in the window, idle included. */
  totalMs: number;
  /** Sampled time the thread was not idle. */
  busyMs: number;
  requests?: number;
  components: TimeShare[];
  hotSpots: TimeShare[];
  selfTop: TimeShare[];
  areas: TimeShare[];
}

/** Where a frame's code lives: a package name, a repository folder, or a V8 bucket. */
export function areaOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (url === '') {
    if (functionName.startsWith('(')) return functionName; // (garbage collector), (program), (idle)
    return '(native)';
  }
  if (url.startsWith('node:')) return 'node core';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const pnpm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  if (pnpm?.[1]) return pnpm[1];
  const plain = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  if (plain?.[1]) return plain[1];
  if (path.startsWith(repoRoot)) {
    const parts = path.slice(repoRoot.length).split('/');
    return parts[0] === 'bench' ? 'bench' : parts.slice(0, 2).join('/');
  }
  return path;
}

export function frameLabel(frame: CallFrame): string {
  const path = frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url;
  const short = path
    .replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '')
    .replace(/^.*node_modules\//, '')
    .replace(repoRoot, '');
  const name = frame.functionName || '(anonymous)';
  return short ? `${name} ${short}:${frame.lineNumber + 1}` : name;
}

export interface Rule {
  name: string;
  test: (frame: CallFrame, area: string) => boolean;
}

const inArea =
  (...areas: string[]) =>
  (_frame: CallFrame, area: string) =>
    areas.includes(area);
const repoFunction = (file: string, names: RegExp) => (frame: CallFrame, area: string) =>
  (area.startsWith('packages/') || area.startsWith('apps/')) &&
  frame.url.includes(file) &&
  names.test(frame.functionName);

/** Components, tried from the innermost frame outwards; the first frame that matches wins. */
export const componentRules: Rule[] = [
  {
    name: 'JSON.stringify / JSON.parse',
    // V8's profile names them stringify/parse; perf names the builtins and their C++ internals.
    test: (f) =>
      f.url === '' &&
      (/^(stringify|parse)$/.test(f.functionName) || /Json(Stringif|Pars)/.test(f.functionName)),
  },
  {
    name: 'pg driver (pg, pg-protocol, pg-pool, pg-types)',
    test: inArea('pg', 'pg-protocol', 'pg-pool', 'pg-types', 'postgres-array', 'pg-cursor'),
  },
  {
    name: 'MikroORM + kysely (em.execute → pg)',
    test: inArea('@mikro-orm/core', '@mikro-orm/sql', '@mikro-orm/postgresql', 'kysely'),
  },
  {
    name: 'Redis key gate: rate limit + revocation epoch (ioredis)',
    test: inArea('ioredis', 'redis-parser', 'denque', '@ioredis/commands'),
  },
  { name: 'zod (input/output validation)', test: inArea('zod') },
  { name: 'decimal.js (stockStateOf)', test: inArea('decimal.js') },
  { name: 'app: authenticate (key format, sha256)', test: repoFunction('/packages/core/src/keys/', /./) },
  { name: 'app: rate-limit adapter', test: repoFunction('/packages/trpc/src/rate-limit.ts', /./) },
  { name: 'app: products (query, productView)', test: repoFunction('/packages/core/src/', /./) },
  { name: 'app: packages/db helpers', test: repoFunction('/packages/db/src/', /./) },
  { name: 'app: REST adapter + context (packages/trpc)', test: repoFunction('/packages/trpc/src/', /./) },
  { name: 'tRPC (@trpc/server: caller, middleware chain)', test: inArea('@trpc/server') },
  { name: 'trpc-to-openapi (handler, Request per call)', test: inArea('trpc-to-openapi') },
  { name: 'prom-client (metrics hook)', test: inArea('prom-client') },
  { name: 'pino (child logger per request)', test: inArea('pino', 'pino-std-serializers', 'sonic-boom') },
  { name: 'app: server hooks (apps/api)', test: repoFunction('/apps/api/src/', /./) },
  {
    name: 'Fastify (routing, hooks, reply)',
    test: inArea(
      'fastify',
      'find-my-way',
      'avvio',
      'fast-querystring',
      'light-my-request',
      'toad-cache',
      '@fastify/error',
      'fast-json-stringify',
      'process-warning',
    ),
  },
  { name: 'bench server code', test: inArea('bench') },
];

/** Hot spots: inclusive synchronous time of these functions (each counted once per stack). */
export const hotSpotRules: Rule[] = [
  {
    name: 'Fastify route handler (apps/api rest.ts → createRestHandler)',
    test: repoFunction('/apps/api/src/rest.ts', /^handler$/),
  },
  {
    name: 'REST adapter handle() (packages/trpc/src/rest.ts)',
    test: repoFunction('/packages/trpc/src/rest.ts', /^handle$/),
  },
  {
    name: 'createContext (em.fork per request)',
    test: repoFunction('/packages/trpc/src/context.ts', /^createContext$/),
  },
  {
    name: 'trpc-to-openapi getRequestSignal (builds a fetch Request)',
    test: (f, a) => a === 'trpc-to-openapi' && f.functionName === 'getRequestSignal',
  },
  {
    name: 'trpc-to-openapi sendResponse (JSON.stringify of the body)',
    test: (f, a) => a === 'trpc-to-openapi' && f.functionName === 'sendResponse',
  },
  {
    name: 'tRPC middleware chain (callRecursive)',
    test: (f, a) => a === '@trpc/server' && f.functionName === 'callRecursive',
  },
  {
    name: 'tRPC object spreads (_objectSpread2 helper)',
    test: (f, a) => a === '@trpc/server' && f.functionName === '_objectSpread2',
  },
  {
    name: 'tRPC inputValidatorMiddleware',
    test: (f, a) => a === '@trpc/server' && f.functionName === 'inputValidatorMiddleware',
  },
  {
    name: 'tRPC outputValidatorMiddleware',
    test: (f, a) => a === '@trpc/server' && f.functionName === 'outputValidatorMiddleware',
  },
  {
    name: 'authenticate() (sync parts: checksum, sha256, query send)',
    test: repoFunction('/packages/core/src/keys/index.ts', /^authenticate$/),
  },
  {
    name: 'rate limiter consume() (sync parts)',
    test: repoFunction('/packages/trpc/src/rate-limit.ts', /^consume$/),
  },
  {
    name: 'MikroORM Connection.executeQuery',
    test: (f, a) => a === '@mikro-orm/core' && f.functionName === 'executeQuery',
  },
  {
    name: 'MikroORM logQuery (debug off, still called)',
    test: (f, a) => a === '@mikro-orm/core' && f.functionName === 'logQuery',
  },
  { name: 'pg Client.query', test: (f, a) => a === 'pg' && f.functionName === 'query' },
  { name: 'pg-protocol parse (rows in)', test: (f, a) => a === 'pg-protocol' && f.functionName === 'parse' },
  {
    name: 'productView (row mapping)',
    test: repoFunction('/packages/core/src/products/store.ts', /^productView$/),
  },
  { name: 'prom-client (onResponse metrics)', test: (_f, a) => a === 'prom-client' },
  { name: 'pino (per-request child logger, log.debug)', test: (_f, a) => a === 'pino' },
  {
    name: 'socket writes (writeBuffer / writeUtf8String)',
    test: (f) => f.url === '' && /^write(Buffer|Utf8String|v)$/.test(f.functionName),
  },
];

export interface SummaryOptions {
  top?: number;
  requests?: number;
  /**
   * Only samples taken in this window, in µs of CLOCK_MONOTONIC (V8's profile clock on Linux,
   * and `process.hrtime.bigint() / 1000n` in any process): the measured run, without start-up.
   */
  window?: { fromUs: number; toUs: number };
}

export function summariseProfile(file: string, options: SummaryOptions = {}): ProfileSummary {
  const top = options.top ?? 25;
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  let window = options.window;
  if (window && (window.toUs < profile.startTime || window.fromUs > profile.endTime)) {
    console.warn(`${file}: the window is outside the profile's clock range; summarising all of it`);
    window = undefined;
  }
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const selfByNode = new Map<number, number>();
  let timestamp = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i] as number;
    // timeDeltas[i] is the time since the previous sample; attribute it to this sample.
    const deltaUs = profile.timeDeltas[i] ?? 0;
    timestamp += deltaUs;
    if (window && (timestamp < window.fromUs || timestamp > window.toUs)) continue;
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + deltaUs / 1000);
  }

  let totalMs = 0;
  let idleMs = 0;
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  const areas = new Map<string, number>();
  const selfFunctions = new Map<string, number>();
  const components = new Map<string, number>();
  const hotSpots = new Map<string, number>();
  for (const [id, ms] of selfByNode) {
    const node = byId.get(id);
    if (!node) continue;
    totalMs += ms;
    if (node.callFrame.functionName === '(idle)') {
      idleMs += ms;
      continue;
    }
    add(areas, areaOf(node.callFrame), ms);
    add(selfFunctions, frameLabel(node.callFrame), ms);
    let component: string | undefined;
    const seen = new Set<string>();
    for (let cursor: number | undefined = id; cursor !== undefined; cursor = parent.get(cursor)) {
      const frame = byId.get(cursor)?.callFrame;
      if (!frame) break;
      const area = areaOf(frame);
      component ??= componentRules.find((rule) => rule.test(frame, area))?.name;
      for (const rule of hotSpotRules) {
        if (!seen.has(rule.name) && rule.test(frame, area)) {
          seen.add(rule.name);
          add(hotSpots, rule.name, ms);
        }
      }
    }
    const leafArea = areaOf(node.callFrame);
    add(
      components,
      component ??
        (leafArea.startsWith('(') && leafArea !== '(native)'
          ? leafArea
          : 'node core / native, no library frame'),
      ms,
    );
  }
  const busyMs = totalMs - idleMs;
  const shares = (map: Map<string, number>, limit: number): TimeShare[] =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, ms]) => ({
        name,
        ms: Math.round(ms),
        percent: Math.round((ms / busyMs) * 1000) / 10,
        ...(options.requests ? { usPerRequest: Math.round((ms * 1000) / options.requests) } : {}),
      }));
  return {
    file,
    totalMs: Math.round(totalMs),
    busyMs: Math.round(busyMs),
    ...(options.requests ? { requests: options.requests } : {}),
    components: shares(components, componentRules.length + 5),
    hotSpots: shares(hotSpots, hotSpotRules.length),
    selfTop: shares(selfFunctions, top),
    areas: shares(areas, 30),
  };
}

export function printSummary(summary: ProfileSummary): void {
  const table = (title: string, rows: TimeShare[]) => {
    console.log(`\n${title}`);
    for (const row of rows) {
      const perRequest =
        row.usPerRequest === undefined ? '' : `${String(row.usPerRequest).padStart(5)} µs/req  `;
      console.log(
        `  ${row.percent.toFixed(1).padStart(5)} %  ${String(row.ms).padStart(6)} ms  ${perRequest}${row.name}`,
      );
    }
  };
  const perRequest = summary.requests
    ? `, ${summary.requests} requests, ${Math.round((summary.busyMs * 1000) / summary.requests)} µs busy per request`
    : '';
  console.log(
    `\nprofile ${summary.file}: ${summary.totalMs} ms sampled, ${summary.busyMs} ms busy${perRequest} (percentages of busy time)`,
  );
  table('components (innermost known frame)', summary.components);
  table('hot spots (inclusive, synchronous parts)', summary.hotSpots);
  table('top functions by self time', summary.selfTop);
  table('self time by area', summary.areas);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node bench/profile-summary.ts <file.cpuprofile> [requests]');
    process.exit(2);
  }
  const requests = process.argv[3] ? Number(process.argv[3]) : undefined;
  printSummary(summariseProfile(file, requests ? { requests } : {}));
}
