/**
 * Instructions per REST request, counted by valgrind's callgrind: a figure that moves less with
 * what else the machine is doing than `pnpm bench`'s throughput (±10 % between rounds on this
 * machine kind). Each checkout's API runs in
 * its own process under callgrind (`bench/request-instructions-child.ts`, copied into the
 * checkout for the run), with V8's `--predictable` (collector and compiler on the main thread,
 * so their work is counted in the same place every time) and the API's own V8 flags. Only the
 * measured requests are counted: the child waits while callgrind's counters are zeroed and
 * dumped. Fastify's `inject`, one request at a time: no socket, no concurrency.
 *
 * Steadier than throughput, not exact: the same checkout measured twice alone agreed within
 * 0.2 %, but the same code moved by up to 8 % between runs, and two checkouts of the same
 * request path once differed by 7 % side by side (docs/benchmarks.md, "REST glue, part 4"):
 * part of the count depends on time. Instructions are not time either; a change still has to
 * show in `pnpm bench`.
 *
 *   node bench/request-instructions.ts
 *   INSTRUCTIONS_CHECKOUTS=base=/path/to/checkout,…   other checkouts (each with its own
 *                                                    `pnpm install`), beside this one
 *   INSTRUCTIONS_SCENARIO=get|list   (default get)     INSTRUCTIONS_ROUNDS (default 1)
 *   INSTRUCTIONS_BARE=1              also count the bench's baseline server (bare-app.ts: Fastify
 *                                    and pg, no layers) in this checkout, as `pnpm bench` does
 *   INSTRUCTIONS_REQUESTS (default 1000)              INSTRUCTIONS_WARMUP (default 2000)
 *
 * Needs valgrind (with callgrind_control) on PATH; about 5 minutes per process, two at a time.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { serviceNodeFlags } from '@comptoir/config/runtime';
import { benchDir, checkoutsSetting, median, numberSetting, repoRoot, writeResult } from './lib.ts';

const log = (message: string) => console.error(`[request-instructions] ${message}`);
const scenario = process.env.INSTRUCTIONS_SCENARIO ?? 'get';
if (scenario !== 'get' && scenario !== 'list') throw new Error('INSTRUCTIONS_SCENARIO is get or list');
const requests = Math.round(numberSetting('INSTRUCTIONS_REQUESTS', 1000));
const warmup = Math.round(numberSetting('INSTRUCTIONS_WARMUP', 2000));
const rounds = Math.round(numberSetting('INSTRUCTIONS_ROUNDS', 1));
interface Target {
  name: string;
  dir: string;
  /** The API, or the bench's baseline server. */
  server: 'api' | 'bare';
}
const targets: Target[] = [
  { name: 'this', dir: repoRoot, server: 'api' },
  ...(process.env.INSTRUCTIONS_BARE === '1'
    ? [{ name: 'bare', dir: repoRoot, server: 'bare' as const }]
    : []),
  ...checkoutsSetting('INSTRUCTIONS_CHECKOUTS').map((checkout) => ({ ...checkout, server: 'api' as const })),
];

for (const tool of ['valgrind', 'callgrind_control']) {
  if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).error) {
    log(`${tool} is not on PATH (Debian: apt-get install valgrind)`);
    process.exit(1);
  }
}

// Named per run and target: `this` and `bare` run from the same checkout, at the same time,
// and two runs may share a checkout. So are the children's databases (each drops its own).
const childFile = (target: Target) => `.request-instructions-child-${process.pid}-${target.name}.tmp.ts`;

/** Runs one checkout's child under callgrind; resolves to the instructions of the measured requests. */
async function countInstructions(checkout: Target, round: number): Promise<number> {
  const dumpName = `comptoir-instructions-${process.pid}-${checkout.name}-${round}.out`;
  const dumpFile = join(os.tmpdir(), dumpName);
  const entry = join(checkout.dir, 'bench', childFile(checkout));
  copyFileSync(join(benchDir, 'request-instructions-child.ts'), entry);
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${dumpFile}`,
      process.execPath,
      ...serviceNodeFlags.api,
      '--predictable',
      entry,
    ],
    {
      cwd: checkout.dir,
      env: {
        ...process.env,
        INSTRUCTIONS_SCENARIO: scenario,
        INSTRUCTIONS_TARGET: checkout.server,
        INSTRUCTIONS_WARMUP: String(warmup),
        INSTRUCTIONS_REQUESTS: String(requests),
        INSTRUCTIONS_DATABASE: `comptoir_bench_instructions_${process.pid}_${checkout.name.replace(/\W/g, '_')}`,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const stderr: string[] = [];
  child.stderr.setEncoding('utf8').on('data', (text: string) => stderr.push(text));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const control = (command: '-z' | '-d') => {
    const result = spawnSync('callgrind_control', [command, String(child.pid)], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`callgrind_control ${command}: ${result.stderr}`);
  };
  try {
    for await (const line of createInterface({ input: child.stdout })) {
      if (line === 'MEASURE-START') {
        control('-z');
        child.stdin.write('go\n');
      } else if (line === 'MEASURE-END') {
        control('-d');
        child.stdin.write('done\n');
      }
    }
    const code = await exited;
    if (code !== 0) throw new Error(`${checkout.name} exited with ${code}:\n${stderr.join('').slice(-2000)}`);
    // The dump asked for after the measured requests is the first numbered one.
    const dumps = readdirSync(os.tmpdir()).filter((name) => name.startsWith(`${dumpName}.`));
    const measured = dumps.sort()[0];
    if (!measured) throw new Error(`${checkout.name}: no callgrind dump`);
    const totals = /^(?:totals|summary): (\d+)/m.exec(readFileSync(join(os.tmpdir(), measured), 'utf8'));
    if (!totals?.[1]) throw new Error(`${checkout.name}: no totals in ${measured}`);
    return Number(totals[1]);
  } finally {
    if (child.exitCode === null) child.kill();
    rmSync(entry, { force: true });
    for (const name of readdirSync(os.tmpdir())) {
      if (name.startsWith(dumpName)) rmSync(join(os.tmpdir(), name), { force: true });
    }
  }
}

log(`${scenario}: ${warmup} requests of warm-up, then ${requests} counted, ${rounds} round(s)`);
const perRequest = new Map<string, number[]>(targets.map((target) => [target.name, []]));
for (let round = 1; round <= rounds; round++) {
  // Two at a time: this machine kind has two cores, and callgrind runs a process on one.
  for (let start = 0; start < targets.length; start += 2) {
    const batch = targets.slice(start, start + 2);
    const counts = await Promise.all(batch.map((checkout) => countInstructions(checkout, round)));
    batch.forEach((checkout, index) => {
      const count = (counts[index] ?? 0) / requests;
      perRequest.get(checkout.name)?.push(count);
      log(
        `round ${round} ${checkout.name.padEnd(12)} ${Math.round(count).toLocaleString('en')} instructions per request`,
      );
    });
  }
}

console.log(`\n| checkout | ${scenario}: instructions per request (median) | rounds |`);
console.log('|:--|--:|:--|');
for (const [name, counts] of perRequest) {
  console.log(
    `| ${name} | ${Math.round(median(counts)).toLocaleString('en')} | ${counts.map((count) => Math.round(count).toLocaleString('en')).join(', ')} |`,
  );
}
const bareCount = median(perRequest.get('bare') ?? []);
if (bareCount > 0) {
  for (const [name, counts] of perRequest) {
    if (name === 'bare') continue;
    // The in-process analogue of `pnpm bench`'s ratio, without PostgreSQL's and Redis's share.
    console.log(`bare / ${name}: ${((100 * bareCount) / median(counts)).toFixed(1)} % of the instructions`);
  }
}
writeResult('request-instructions.json', {
  date: new Date().toISOString(),
  scenario,
  warmup,
  requests,
  perRequest: Object.fromEntries(perRequest),
});
