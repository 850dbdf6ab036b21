/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): self time by area (package / repo folder / V8
 * bucket), top functions by self time, and inclusive time of the repository's own functions.
 *
 *   node bench/profile-summary.ts bench/results/profiles/<file>.cpuprofile
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { repoRoot } from './lib.ts';

interface CallFrame {
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
  percent: number;
}

export interface ProfileSummary {
  file: string;
  /** Sampled wall time, idle included. */
  totalMs: number;
  /** Sampled time the thread was not idle. */
  busyMs: number;
  /** Self time by area; percent of busy time. */
  areas: TimeShare[];
  /** Top functions by self time; percent of busy time. */
  selfTop: TimeShare[];
  /** Repository functions (apps/, packages/) by inclusive time; percent of busy time. */
  repoInclusive: TimeShare[];
  /** Inclusive time of selected library entry points; percent of busy time. */
  libraryInclusive: TimeShare[];
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
    const relative = path.slice(repoRoot.length);
    const parts = relative.split('/');
    return parts[0] === 'bench' ? 'bench' : parts.slice(0, 2).join('/');
  }
  return path;
}

function frameLabel(frame: CallFrame): string {
  const path = frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url;
  const short = path
    .replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '')
    .replace(/^.*node_modules\//, '')
    .replace(repoRoot, '');
  const name = frame.functionName || '(anonymous)';
  return short ? `${name} ${short}:${frame.lineNumber + 1}` : name;
}

/** Library functions whose inclusive time tells where a request's time goes. */
const libraryEntryPoints: { label: string; area: string; functionName: RegExp }[] = [
  {
    label: 'fastify: routing + hooks (runPreParsing/handleRequest)',
    area: 'fastify',
    functionName: /^handleRequest$/,
  },
  {
    label: 'trpc-to-openapi: node-http handler',
    area: 'trpc-to-openapi',
    functionName: /^$|^createOpenApiNodeHttpHandler$/,
  },
  {
    label: '@trpc/server: procedure call (callProcedure)',
    area: '@trpc/server',
    functionName: /^callProcedure$/,
  },
  { label: 'MikroORM: Connection.execute', area: '@mikro-orm/sql', functionName: /^execute$/ },
  { label: 'kysely: executeQuery', area: 'kysely', functionName: /^executeQuery$/ },
  { label: 'pg: Client.query', area: 'pg', functionName: /^query$/ },
  { label: 'pg-protocol: parse', area: 'pg-protocol', functionName: /^parse$/ },
  { label: 'ioredis: sendCommand', area: 'ioredis', functionName: /^sendCommand$/ },
  { label: 'rate-limiter-flexible: consume', area: 'rate-limiter-flexible', functionName: /^consume$/ },
  { label: 'zod: parse (all schemas)', area: 'zod', functionName: /^(parse|safeParse|_parse|parseAsync)$/ },
  { label: 'decimal.js (stockStateOf)', area: 'decimal.js', functionName: /.*/ },
  { label: 'pino', area: 'pino', functionName: /.*/ },
  { label: 'prom-client (metrics hooks)', area: 'prom-client', functionName: /.*/ },
];

export interface SummaryOptions {
  top?: number;
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
  const areas = new Map<string, number>();
  const selfFunctions = new Map<string, number>();
  const repoInclusive = new Map<string, number>();
  const libraryInclusive = new Map<string, number>();
  for (const [id, ms] of selfByNode) {
    const node = byId.get(id);
    if (!node) continue;
    totalMs += ms;
    if (node.callFrame.functionName === '(idle)') {
      idleMs += ms;
      continue;
    }
    const area = areaOf(node.callFrame);
    areas.set(area, (areas.get(area) ?? 0) + ms);
    const label = frameLabel(node.callFrame);
    selfFunctions.set(label, (selfFunctions.get(label) ?? 0) + ms);
    // Inclusive: each function and entry point counted once per stack, however deep it recurs.
    const seenRepo = new Set<string>();
    const seenLibrary = new Set<string>();
    for (let cursor: number | undefined = id; cursor !== undefined; cursor = parent.get(cursor)) {
      const frame = byId.get(cursor)?.callFrame;
      if (!frame) break;
      const frameArea = areaOf(frame);
      if (frameArea.startsWith('packages/') || frameArea.startsWith('apps/')) {
        const repoLabel = frameLabel(frame);
        if (!seenRepo.has(repoLabel)) {
          seenRepo.add(repoLabel);
          repoInclusive.set(repoLabel, (repoInclusive.get(repoLabel) ?? 0) + ms);
        }
      }
      for (const entry of libraryEntryPoints) {
        if (seenLibrary.has(entry.label)) continue;
        if (frameArea === entry.area && entry.functionName.test(frame.functionName)) {
          seenLibrary.add(entry.label);
          libraryInclusive.set(entry.label, (libraryInclusive.get(entry.label) ?? 0) + ms);
        }
      }
    }
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
      }));
  return {
    file,
    totalMs: Math.round(totalMs),
    busyMs: Math.round(busyMs),
    areas: shares(areas, 30),
    selfTop: shares(selfFunctions, top),
    repoInclusive: shares(repoInclusive, top),
    libraryInclusive: shares(libraryInclusive, libraryEntryPoints.length),
  };
}

export function printSummary(summary: ProfileSummary): void {
  const table = (title: string, rows: TimeShare[]) => {
    console.log(`\n${title}`);
    for (const row of rows) {
      console.log(`  ${row.percent.toFixed(1).padStart(5)} %  ${String(row.ms).padStart(6)} ms  ${row.name}`);
    }
  };
  console.log(
    `\nprofile ${summary.file}: ${summary.totalMs} ms sampled, ${summary.busyMs} ms busy (percentages of busy time)`,
  );
  table('self time by area', summary.areas);
  table('top functions by self time', summary.selfTop);
  table('library entry points, inclusive', summary.libraryInclusive);
  table('repository functions, inclusive', summary.repoInclusive);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node bench/profile-summary.ts <file.cpuprofile>');
    process.exit(2);
  }
  printSummary(summariseProfile(file));
}
