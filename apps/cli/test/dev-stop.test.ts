import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configReference } from '@comptoir/config';
import { prepareRuleSets } from '@comptoir/einvoice-rules';
import { freePort, repoRoot } from '@comptoir/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/**
 * `./run start` stopped as a process manager or `kill <pid>` stops it: signals to the
 * supervisor's pid (or to its supervised process too, or the supervisor killed). The system runs
 * its own embedded PostgreSQL (a data folder of this file's), its own redis-server and its local
 * e-invoicing platform, on ports of its own, so the stop of each is part of what is checked.
 * Every start of this file uses the same data folder: the later ones are restarts.
 */

// Like a checkout: readable by others (the embedded server runs as "postgres" under root).
const scratch = mkdtempSync(join(tmpdir(), 'comptoir-dev-stop-'));
chmodSync(scratch, 0o755);
const dataDir = join(scratch, 'postgres');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
// The local platform checks invoices with the official rule sets: compiled here if this checkout
// has not compiled them yet, rather than by a start that would then take a minute.
beforeAll(() => prepareRuleSets(), 240_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** A process as /proc shows it; its start time tells it from a later one with the same pid. */
interface Proc {
  pid: number;
  ppid: number;
  startTime: string;
  command: string;
}

function readProc(pid: number): (Proc & { state: string }) | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold anything.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return { pid, state: fields[0] ?? '', ppid: Number(fields[1]), startTime: fields[19] ?? '', command };
  } catch {
    return undefined;
  }
}

/** Every process under `root`, by their parent links in /proc. */
function descendants(root: number): Proc[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((proc) => proc !== undefined);
  const found: Proc[] = [];
  const parents = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const proc of all) {
      if (parents.has(proc.ppid) && !parents.has(proc.pid)) {
        parents.add(proc.pid);
        found.push(proc);
        grew = true;
      }
    }
  }
  return found;
}

/** Still running: same pid and start time, and not a zombie waiting for its parent to reap it. */
function running(proc: Proc): boolean {
  const now = readProc(proc.pid);
  return now !== undefined && now.startTime === proc.startTime && now.state !== 'Z';
}

/** Anything a normal stop must not print: errors, warnings, lost or refused connections. */
const trouble =
  /FATAL|terminating connection|ECONNREFUSED|ECONNRESET|Connection is closed|connection (error|lost)|"level":[456]0|^error:|exited with code/im;

interface Dev {
  supervisor: ChildProcess;
  baseUrl: string;
  /** The local e-invoicing platform's root (its Flow Service is under /flow-service). */
  platformUrl: string;
  platformPort: number;
  /** The worker's status server (/healthz, /metrics). */
  workerUrl: string;
  key: string;
  /** Everything the system printed so far (stdout and stderr of every process). */
  output(): string;
  /** The supervisor's exit (`at`: when), once what was printed until then has been read. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** The processes under the supervisor once the system was ready. */
  processes: Proc[];
}

const settingNames = new Set<string>(configReference.map((setting) => setting.name));

const started: Dev[] = [];
afterEach(async () => {
  // A failed test leaves nothing behind.
  for (const dev of started.splice(0)) {
    for (const proc of [...dev.processes].reverse()) if (running(proc)) process.kill(proc.pid, 'SIGKILL');
    if (dev.supervisor.exitCode === null && dev.supervisor.signalCode === null)
      dev.supervisor.kill('SIGKILL');
  }
});

/** `./run start` (node apps/cli/src/main.ts dev), ready once it has printed its banner. */
async function startDev(): Promise<Dev> {
  const [apiPort, workerPort, postgresPort, redisPort, platformPort] = await distinctFreePorts(5);
  const supervisor = spawn(process.execPath, [`${repoRoot}apps/cli/src/main.ts`, 'dev'], {
    cwd: repoRoot,
    env: {
      // None of the machine's Comptoir settings (DATABASE_URL, REDIS_URL, ...): the defaults of
      // a fresh checkout, but for the ports and the data folder.
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !settingNames.has(name))),
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      WORKER_PORT: String(workerPort),
      DEV_POSTGRES_DIR: dataDir,
      DEV_POSTGRES_PORT: String(postgresPort),
      DEV_REDIS_PORT: String(redisPort),
      DEV_PLATFORM_PORT: String(platformPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  supervisor.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  supervisor.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  // 'close' comes once every holder of the output pipes is gone too; a process left running
  // would keep them open, so its wait is bounded (the test then finds that process).
  const closed = new Promise((resolve) => supervisor.once('close', resolve));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    supervisor.once('exit', (code, signal) => {
      const at = Date.now();
      void Promise.race([closed, sleep(2_000)]).then(() => resolve({ code, signal, at }));
    }),
  );
  const dev: Dev = {
    supervisor,
    baseUrl: `http://127.0.0.1:${apiPort}`,
    platformUrl: `http://127.0.0.1:${platformPort}`,
    platformPort: platformPort ?? 0,
    workerUrl: `http://127.0.0.1:${workerPort}`,
    key: '',
    output: () => output,
    exited,
    processes: [],
  };
  started.push(dev);
  await until(
    'the banner',
    () => {
      if (supervisor.exitCode !== null) throw new Error(`dev exited while starting:\n${output}`);
      return output.includes('Comptoir is running at');
    },
    50_000,
  );
  dev.key = /Bearer (svc_live_\w+)/.exec(output)?.[1] ?? '';
  expectLocalEncryptionKey(output);
  await expectDemoOwnerSignsIn(dev, output);
  expect(output).toContain(
    `the demo workspace is connected to the local approved platform at ${dev.platformUrl}/flow-service`,
  );
  expect(output).toContain(`curl ${dev.platformUrl}/_control/flows`);
  expect(await listening(dev.platformPort)).toBe(true);
  dev.processes = descendants(supervisor.pid ?? 0);
  // What this test is about: each of these is under the supervisor, and must go with it.
  const commands = dev.processes.map((proc) => proc.command).join('\n');
  for (const part of [
    'main.ts dev --supervised',
    'bin/postgres -D',
    'redis-server',
    'apps/api/src/main.ts',
    'apps/worker/src/main.ts',
  ]) {
    expect(commands).toContain(part);
  }
  return dev;
}

/** The ENCRYPTION_KEY every start of this file made or found: one, kept beside the data folder. */
let localKey: string | undefined;

/**
 * Without ENCRYPTION_KEY, a start says it uses a local key, beside its data folder, readable by its
 * owner only, made once: every later start finds the same one (the secrets stored with it stay
 * readable). That the API and the worker got it shows in each delivery: the worker signs with
 * what the API stored.
 */
function expectLocalEncryptionKey(output: string) {
  const keyFile = join(scratch, 'encryption-key');
  const said =
    /ENCRYPTION_KEY unset: (?:generated a local key, kept in|using the local key kept in) (\S+)/.exec(output);
  expect(said?.[1], output).toBe(keyFile);
  const key = readFileSync(keyFile, 'utf8').trim();
  expect(key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  localKey ??= key;
  expect(key).toBe(localKey);
}

/** The demo owner's password every start of this file printed: one, kept beside the data folder. */
let demoOwnerPassword: string | undefined;

/**
 * The banner names the demo owner and their password, made once and kept (owner-only) beside the
 * data folder with the session secret: the owner signs in with them, on every start.
 */
async function expectDemoOwnerSignsIn(dev: Dev, output: string) {
  const said = /Sign in as (\S+), password (\S+)\./.exec(output);
  expect(said?.[1], output).toBe('owner@demo.comptoir.test');
  const password = said?.[2] ?? '';
  expect(readFileSync(join(scratch, 'demo-owner-password'), 'utf8').trim()).toBe(password);
  demoOwnerPassword ??= password;
  expect(password).toBe(demoOwnerPassword);
  for (const file of ['demo-owner-password', 'auth-secret']) {
    expect(statSync(join(scratch, file)).mode & 0o777, file).toBe(0o600);
  }
  const response = await fetch(`${dev.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: dev.baseUrl },
    body: JSON.stringify({ email: said?.[1], password }),
  });
  expect(response.status).toBe(200);
}

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

function api(dev: Dev, method: string, path: string, body: unknown) {
  return fetch(`${dev.baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${dev.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * A webhook receiver that holds each request `holdMs` before answering 200 (forever when
 * undefined), and notes whether the sender hung up before the answer.
 */
async function startReceiver(holdMs: number | undefined) {
  const state = { received: 0, answered: 0, hungUpBeforeAnswer: 0 };
  const server = createServer((req, res) => {
    state.received++;
    req.resume();
    res.on('close', () => {
      if (!res.writableFinished) state.hungUpBeforeAnswer++;
    });
    if (holdMs !== undefined) {
      setTimeout(() => {
        res.end('ok', () => state.answered++);
      }, holdMs);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
  return {
    url,
    state,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** A delivery in flight: an endpoint on `receiver`, an event for it, and the worker sending it. */
async function deliveryInFlight(dev: Dev, receiver: Awaited<ReturnType<typeof startReceiver>>) {
  // The seed's events are relayed first: an endpoint registered before that would receive them
  // too (they are delivered to the endpoints that exist when they are relayed).
  await until(
    'the seed’s events to be relayed',
    async () =>
      /^outbox_unpublished_events 0$/m.test(
        await fetch(`${dev.workerUrl}/metrics`).then(
          (response) => response.text(),
          () => '',
        ),
      ),
    30_000,
  );
  expect((await api(dev, 'POST', '/webhook-endpoints', { url: receiver.url })).status).toBe(201);
  expect((await api(dev, 'POST', '/companies', { name: 'Stop test' })).status).toBe(201);
  await until('the delivery to reach the receiver', () => receiver.state.received > 0);
}

/** Whether something accepts connections on the port (the local platform, before and after a stop). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const shuttingDown = (dev: Dev, service: string) =>
  new RegExp(`"service":"${service}".*"msg":"shutting down"`).test(dev.output());

describe('./run start, stopped from outside', () => {
  it('lets the API and the worker finish their work in flight, then stops the local platform, PostgreSQL and Redis, and exits 0', async () => {
    const dev = await startDev();
    const receiver = await startReceiver(1500);
    try {
      await deliveryInFlight(dev, receiver);

      // A request in flight: its body is still coming when the signal arrives.
      const body = JSON.stringify({ name: 'Sent while stopping' });
      const slow = request(`${dev.baseUrl}/api/v1/companies`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${dev.key}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      const answer = new Promise<number>((resolve, reject) => {
        slow.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        slow.on('error', reject);
      });
      slow.write(body.slice(0, 5));
      await sleep(300);

      const signalled = Date.now();
      process.kill(dev.supervisor.pid ?? 0, 'SIGTERM');
      await until('the API to start its stop', () => shuttingDown(dev, 'api'));
      slow.end(body.slice(5));
      expect(await answer).toBe(201);

      const { code, at } = await dev.exited;
      expect(code, dev.output()).toBe(0);
      // The worker waited for the receiver's answer instead of hanging up on it.
      expect(receiver.state).toMatchObject({ answered: 1, hungUpBeforeAnswer: 0 });
      expect(at - signalled).toBeLessThan(15_000);
      expect(dev.processes.filter(running)).toEqual([]);
      expect(await listening(dev.platformPort)).toBe(false);
      expect(dev.output()).not.toMatch(trouble);
    } finally {
      receiver.close();
    }
  }, 90_000);

  it('stops at once at a second signal, even with work in flight, and exits non-zero', async () => {
    const dev = await startDev();
    // Never answers: the worker would wait for the send to time out (15 s).
    const receiver = await startReceiver(undefined);
    try {
      await deliveryInFlight(dev, receiver);
      process.kill(dev.supervisor.pid ?? 0, 'SIGTERM');
      await until('the API and the worker to start their stop', () =>
        ['api', 'worker'].every((service) => shuttingDown(dev, service)),
      );
      const second = Date.now();
      process.kill(dev.supervisor.pid ?? 0, 'SIGTERM');

      const { code, at } = await dev.exited;
      expect(code, dev.output()).not.toBe(0);
      expect(at - second).toBeLessThan(5_000);
      expect(dev.processes.filter(running)).toEqual([]);
      expect(await listening(dev.platformPort)).toBe(false);
      // The worker was stopped mid-send: the receiver saw it hang up.
      await until('the receiver to see the hang-up', () => receiver.state.hungUpBeforeAnswer === 1, 2_000);
    } finally {
      receiver.close();
    }
  }, 90_000);

  it('stops in the same order when the signal reaches the supervised process too (pkill -f)', async () => {
    const dev = await startDev();
    const supervised = dev.processes.find((proc) => proc.command.includes('main.ts dev --supervised'));
    process.kill(dev.supervisor.pid ?? 0, 'SIGTERM');
    process.kill(supervised?.pid ?? 0, 'SIGTERM');
    const { code } = await dev.exited;
    expect(code, dev.output()).toBe(0);
    expect(dev.processes.filter(running)).toEqual([]);
    expect(dev.output()).not.toMatch(trouble);
  }, 90_000);

  it('keeps the demo workspace connected to its local platform across restarts: an invoice goes there and its statuses come back', async () => {
    const dev = await startDev();
    const created = await api(dev, 'POST', '/invoices', {
      clientName: 'Café du Port',
      clientEmail: 'compta@port.test',
      lines: [{ title: 'Conseil', quantity: 2, unitPrice: 50, taxRate: 20 }],
    });
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    const sent = await fetch(`${dev.baseUrl}/trpc/invoices.send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dev.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id }),
    });
    expect(sent.status).toBe(200);
    const einvoice = async () => {
      const response = await fetch(`${dev.baseUrl}/api/v1/invoices/${id}`, {
        headers: { authorization: `Bearer ${dev.key}` },
      });
      const { data } = (await response.json()) as {
        data: { einvoice: { status: string; flowId: string | null; reason: string | null } | null };
      };
      return data.einvoice;
    };
    // The worker submits it, the platform checks it with the official rule sets and deposits it
    // (200), and tells the API by webhook.
    await until(
      'the platform to deposit the invoice',
      async () => (await einvoice())?.status === 'deposited',
    );
    const flowId = (await einvoice())?.flowId;
    // As the README's curl line does: the buyer approves it on the platform.
    const approved = await fetch(`${dev.platformUrl}/_control/flows/${flowId}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 205 }),
    });
    expect(approved.status).toBe(201);
    await until('the approval to reach the invoice', async () => (await einvoice())?.status === 'approved');

    process.kill(dev.supervisor.pid ?? 0, 'SIGTERM');
    const { code } = await dev.exited;
    expect(code, dev.output()).toBe(0);
    expect(dev.processes.filter(running)).toEqual([]);
    expect(await listening(dev.platformPort)).toBe(false);
    expect(dev.output()).not.toMatch(trouble);
  }, 90_000);

  it('stops everything it started when the supervisor itself is killed', async () => {
    const dev = await startDev();
    process.kill(dev.supervisor.pid ?? 0, 'SIGKILL');
    await dev.exited;
    await until('every process to stop', () => dev.processes.filter(running).length === 0, 20_000);
    expect(dev.output()).not.toMatch(trouble);
  }, 90_000);
});
