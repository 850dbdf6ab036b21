import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';

/** The repository root, with a trailing slash. */
export const repoRoot = fileURLToPath(new URL('../', import.meta.url));
export const benchDir = fileURLToPath(new URL('./', import.meta.url));
/** Where each benchmark writes its JSON report (git-ignored). */
export const resultsDir = join(benchDir, 'results');

/** Writes `bench/results/<fileName>` as indented JSON, creating the folder; returns its path. */
export function writeResult(fileName: string, report: unknown): string {
  mkdirSync(resultsDir, { recursive: true });
  const path = join(resultsDir, fileName);
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}

/**
 * Reads `--name=value` from argv, else the environment variable `NAME` (dashes become
 * underscores). The servers take their settings from either, so they can be started by hand.
 */
export function readSetting(name: string): string | undefined {
  const { values } = parseArgs({ args: process.argv.slice(2), strict: false, allowPositionals: true });
  const fromArgv = values[name];
  if (typeof fromArgv === 'string' && fromArgv !== '') return fromArgv;
  const fromEnv = process.env[name.toUpperCase().replaceAll('-', '_')];
  return fromEnv === '' ? undefined : fromEnv;
}

export function requireSetting(name: string): string {
  const value = readSetting(name);
  if (value === undefined) {
    console.error(`missing --${name}=… (or ${name.toUpperCase().replaceAll('-', '_')})`);
    process.exit(2);
  }
  return value;
}

/** A positive number from the environment variable `name` (e.g. BENCH_DURATION), else `fallback`. */
export function numberSetting(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

/** Other checkouts of this repository, named: the environment variable `name` as `name=dir,…`. */
export function checkoutsSetting(name: string): { name: string; dir: string }[] {
  return (process.env[name] ?? '')
    .split(',')
    .filter((entry) => entry.includes('='))
    .map((entry) => {
      const at = entry.indexOf('=');
      return { name: entry.slice(0, at), dir: entry.slice(at + 1) };
    });
}

/**
 * How many times each bench measures every run (BENCH_ROUNDS, default 3), interleaved, so a
 * burst of noise lands in one round; issue 16's targets are judged on the medians.
 */
export function benchRounds(): number {
  return Math.round(numberSetting('BENCH_ROUNDS', 3));
}

/** The median of the figures (the mean of the middle two for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The figures of each round, for a report: "3,341 / 3,100 / 3,083". */
export function roundsText(values: readonly number[], format: (value: number) => string = String): string {
  return values.map(format).join(' / ');
}

/** What a load bench's measured run reports, whatever else it adds. */
export interface LoadRun {
  round: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU ms per request in the API process and in PostgreSQL's backends. */
  cpuMsPerRequest: { api: number; postgres: number };
}

/** A scenario's runs over the rounds, with what its targets are judged on. */
export interface RoundsOf<Scenario, Run extends LoadRun> {
  scenario: Scenario;
  runs: Run[];
  /** The median over the rounds of one figure of a run, to the thousandth. */
  median: (pick: (run: Run) => number) => number;
  /** No run had a non-2xx answer or an error. */
  clean: boolean;
}

/**
 * Measures every scenario once per round (benchRounds), the rounds one after the other, so a
 * slow minute of the shared machine lands on one round of everything rather than on one scenario.
 */
export async function measureInRounds<Scenario, Run extends LoadRun>(
  scenarios: readonly Scenario[],
  measure: (scenario: Scenario, round: number) => Promise<Run>,
): Promise<RoundsOf<Scenario, Run>[]> {
  const runs = new Map<Scenario, Run[]>(scenarios.map((scenario) => [scenario, []]));
  for (let round = 1; round <= benchRounds(); round++) {
    for (const scenario of scenarios) runs.get(scenario)?.push(await measure(scenario, round));
  }
  return scenarios.map((scenario) => {
    const measured = runs.get(scenario) ?? [];
    return {
      scenario,
      runs: measured,
      // to the thousandth: an even count of rounds averages two figures
      median: (pick) => Math.round(median(measured.map(pick)) * 1000) / 1000,
      clean: measured.every((run) => run.non2xx === 0 && run.errors === 0),
    };
  });
}

/** Prints a Markdown table: the first two columns left-aligned, the others (figures) right-aligned. */
export function printTable(header: string[], lines: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log(`\n${format(header)}`);
  console.log(
    `|${widths.map((width, column) => (column < 2 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  );
  for (const line of lines) console.log(format(line));
  console.log('');
}

/** The line a server prints on stdout once it listens; the parent waits for it. */
function announceListening(port: number): void {
  process.stdout.write(`${JSON.stringify({ listening: port })}\n`);
}

export interface ChildServer {
  name: string;
  port: number;
  process: ChildProcess;
  /** SIGTERM, then wait for the exit (a --cpu-prof child writes its profile on exit). */
  stop(): Promise<void>;
}

/** Starts `node <script>` in its own process and resolves with the port it announces. */
export function startServer(
  name: string,
  script: string,
  options: {
    env: Record<string, string>;
    nodeFlags?: string[];
    timeoutMs?: number;
    cwd?: string;
    /** Sees each line the child prints on stdout; true keeps it off the bench's own output. */
    onStdoutLine?: (line: string) => boolean;
  },
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), script], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) =>
    process.stderr.write(`[${name}] ${line}\n`),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start listening within ${options.timeoutMs ?? 30_000} ms`));
    }, options.timeoutMs ?? 30_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited before listening (code ${code}, signal ${signal})`));
    });
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      let port: unknown;
      try {
        port = (JSON.parse(line) as { listening?: unknown }).listening;
      } catch {
        port = undefined;
      }
      if (typeof port !== 'number') {
        if (!options.onStdoutLine?.(line)) process.stdout.write(`[${name}] ${line}\n`);
        return;
      }
      clearTimeout(timer);
      resolve({
        name,
        port,
        process: child,
        async stop() {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(killer);
        },
      });
    });
  });
}

/**
 * Listens on 127.0.0.1:`port`, announces the port to the parent, and on SIGTERM/SIGINT closes
 * the server, gives the requests whose client went away 500 ms to finish, then runs `release`
 * (pools, connections) and exits.
 */
export async function serveUntilSignal(
  app: FastifyInstance,
  port: number,
  release: () => Promise<void> | void,
): Promise<void> {
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  announceListening(address.port);
  exitOnSignal(async () => {
    await app.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await release();
  });
}

/** Stops the server on SIGTERM/SIGINT with `close`, then exits 0 (so --cpu-prof is written). */
function exitOnSignal(close: () => Promise<void>): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Clock ticks per second of /proc's CPU times (getconf CLK_TCK, usually 100). */
export const clockTicksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (ms, user + system) used so far by process `pid`; 0 if it cannot be read (Linux /proc). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
  } catch {
    return 0;
  }
}

/** Resident set size of process `pid` in bytes (VmRSS of /proc/<pid>/status); NaN if unreadable. */
export function processRssBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export interface CpuUsage {
  server: number;
  postgres: number;
  redis: number;
  loadGenerator: number;
}

export interface CpuSnapshot {
  server: number;
  loadGenerator: number;
  postgres: Map<number, number>;
  redis: Map<number, number>;
}

/**
 * CPU time (ms) used so far by the server under test, by each PostgreSQL backend connected to
 * `database`, by redis-server (shared with anything else using it), and by this process (the
 * load generator). Linux only (/proc); empty elsewhere.
 */
export function cpuSnapshot(serverPid: number | undefined, database: string): CpuSnapshot {
  const usage = process.cpuUsage();
  const snapshot: CpuSnapshot = {
    server: serverPid === undefined ? 0 : processCpuMs(serverPid),
    loadGenerator: (usage.user + usage.system) / 1000,
    postgres: new Map(),
    redis: new Map(),
  };
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return snapshot;
  }
  for (const pid of pids) {
    let command: string;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    if (command.startsWith('postgres:') && command.includes(` ${database} `)) {
      snapshot.postgres.set(Number(pid), processCpuMs(Number(pid)));
    } else if (command.startsWith('redis-server')) {
      snapshot.redis.set(Number(pid), processCpuMs(Number(pid)));
    }
  }
  return snapshot;
}

/**
 * CPU used between two snapshots. Per process: backends that appeared count in full, backends
 * that went away in between are lost (pools only close idle connections, which use none).
 */
export function cpuUsed(before: CpuSnapshot, after: CpuSnapshot): CpuUsage {
  const sum = (earlier: Map<number, number>, later: Map<number, number>) => {
    let total = 0;
    for (const [pid, ms] of later) total += ms - (earlier.get(pid) ?? 0);
    return total;
  };
  return {
    server: after.server - before.server,
    postgres: sum(before.postgres, after.postgres),
    redis: sum(before.redis, after.redis),
    loadGenerator: after.loadGenerator - before.loadGenerator,
  };
}
