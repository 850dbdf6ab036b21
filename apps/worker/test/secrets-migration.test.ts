import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createCompany, rotateEndpointSecret } from '@comptoir/core';
import { factories } from '@comptoir/core/factories';
import { createOrm, type MikroORM, newId, pendingMigrations } from '@comptoir/db';
import { decryptSecret } from '@comptoir/secrets';
import { repoRoot, testEncryptionKey, testKeyring } from '@comptoir/testing';
import { generateSecret } from '@comptoir/webhooks';
import pg from 'pg';
import { Registry } from 'prom-client';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWebhookWorker } from '../src/webhooks.ts';

// Issue 34: the signing secrets stored in clear before Migration20261128000300 are encrypted by
// `pnpm cli migrate` (run here as an operator runs it, in its own process), and the worker signs
// with them as before: receivers verify with the secrets they hold, through a rotation too.

const encryptingMigration = 'Migration20261128000300_encrypted_webhook_secrets';
const lastBefore = 'Migration20261128000100_company_search_compact_vat';
/** What `migrate` had left to apply once it refused: the encrypting migration and those after it. */
let pendingFromEncrypting: string[] = [];

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    received.push({ path: request.url ?? '/', headers: request.headers, body });
    response.writeHead(200).end();
  });
});
let receiverUrl: string;

const adminUrl = () => inject('adminDatabaseUrl');
const databaseName = `comptoir_secrets_migration_${randomBytes(6).toString('hex')}`;
let databaseUrl: string;
let orm: MikroORM;
let worker: Awaited<ReturnType<typeof startWebhookWorker>> | undefined;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  receiverUrl = `http://127.0.0.1:${address.port}`;
  await admin(`create database "${databaseName}"`);
  const url = new URL(adminUrl());
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  orm = await createOrm({ databaseUrl, poolSize: 4 });
  // The schema as it was before the secrets were encrypted.
  await orm.migrator.up({ to: lastBefore });
});
afterAll(async () => {
  await worker?.stop();
  await orm?.close(true);
  await admin(`drop database if exists "${databaseName}" with (force)`);
  await new Promise((resolve) => receiver.close(resolve));
});

/** `pnpm cli migrate --json` on the database, with the environment given. */
function migrateCommand(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [`${repoRoot}apps/cli/src/main.ts`, 'migrate', '--json'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
    encoding: 'utf8',
    timeout: 60_000,
    killSignal: 'SIGKILL',
  });
  return {
    status: result.status,
    stderr: result.stderr,
    last: result.stdout.trim().split('\n').at(-1) ?? '',
  };
}

interface StoredRow {
  id: string;
  secret: string;
  previous_secret: string | null;
}
const storedRows = () =>
  orm.em.fork().execute<StoredRow[]>('select id, secret, previous_secret from webhook_endpoints order by id');

async function until<T>(check: () => T | Promise<T>, timeoutMs = 8000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The one delivery received at `path` since `count` had arrived there, verified with each secret. */
async function verifiedDelivery(path: string, count: number, secrets: string[]) {
  const delivery = await until(() => received.filter((item) => item.path === path)[count]);
  const headers = {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  };
  expect(headers['webhook-signature'].split(' ')).toHaveLength(secrets.length);
  for (const secret of secrets) {
    expect(new Webhook(secret).verify(delivery.body, headers)).toMatchObject({ type: 'company.created' });
  }
}

describe('the migration that encrypts the signing secrets', () => {
  const plain = { id: newId('webhookEndpoint'), secret: generateSecret() };
  const rotating = { id: newId('webhookEndpoint'), secret: generateSecret(), previous: generateSecret() };
  const deleted = { id: newId('webhookEndpoint'), secret: generateSecret() };
  let workspaceId: string;

  it('needs ENCRYPTION_KEY when secrets are stored in clear, and applies nothing without it', async () => {
    workspaceId = (await factories(orm).workspace()).id;
    // As the code before the migration wrote them: in clear, one of them in the middle of a rotation.
    await orm.em.fork().execute(
      `insert into webhook_endpoints (id, workspace_id, url, events, secret, previous_secret, previous_secret_expires_at, deleted_at)
       values (?, ?, ?, '{company.created}', ?, null, null, null),
              (?, ?, ?, '{company.created}', ?, ?, now() + interval '20 hours', null),
              (?, ?, ?, '{company.created}', ?, null, null, now())`,
      [
        ...[plain.id, workspaceId, `${receiverUrl}/plain`, plain.secret],
        ...[rotating.id, workspaceId, `${receiverUrl}/rotating`, rotating.secret, rotating.previous],
        ...[deleted.id, workspaceId, `${receiverUrl}/deleted`, deleted.secret],
      ],
    );
    const before = await storedRows();

    const refused = migrateCommand({ ENCRYPTION_KEY: '' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /^error: 3 webhook endpoint signing secrets are stored in clear and a migration encrypts them: set ENCRYPTION_KEY to .*Nothing was applied\.$/m,
    );
    // Nothing applied: the encrypting migration is still the first pending one (later ones follow it).
    const pending = await pendingMigrations(orm);
    expect(pending[0]).toBe(encryptingMigration);
    pendingFromEncrypting = pending;
    expect(await storedRows()).toEqual(before);
  });

  it('encrypts every secret stored in clear with ENCRYPTION_KEY, bound to its endpoint; run again, it has nothing to do', async () => {
    const applied = migrateCommand({ ENCRYPTION_KEY: testEncryptionKey() });
    expect(applied.stderr).toBe('');
    expect(JSON.parse(applied.last)).toEqual({ applied: pendingFromEncrypting });

    const keyring = testKeyring();
    const rows = await storedRows();
    const open = (row: StoredRow, value: string | null) =>
      value === null ? null : decryptSecret(value, keyring, `webhook_endpoints.secret:${row.id}`);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) {
      expect(row.secret).toMatch(new RegExp(`^enc:v1:${keyring.currentKeyId}:`));
      expect(row.previous_secret ?? 'enc:v1:').toMatch(/^enc:v1:/);
    }
    const opened = (id: string) => {
      const row = byId.get(id) as StoredRow;
      return [open(row, row.secret), open(row, row.previous_secret)];
    };
    expect(opened(plain.id)).toEqual([plain.secret, null]);
    expect(opened(rotating.id)).toEqual([rotating.secret, rotating.previous]);
    expect(opened(deleted.id)).toEqual([deleted.secret, null]);
    const text = JSON.stringify(rows);
    for (const secret of [plain.secret, rotating.secret, rotating.previous, deleted.secret]) {
      expect(text).not.toContain(secret.slice('whsec_'.length));
    }

    expect(JSON.parse(migrateCommand({ ENCRYPTION_KEY: '' }).last)).toEqual({ applied: [] });
  });

  it('leaves the worker signing as before: receivers verify with the secrets they held, both during a rotation', async () => {
    worker = await startWebhookWorker({
      orm,
      databaseUrl,
      redisUrl: inject('redisUrl'),
      retrySchedule: [100],
      allowPrivateTargets: true,
      keyring: testKeyring(),
      registry: new Registry(),
      log: { info() {}, warn() {}, error() {} },
      prefix: `comptoir-test-${randomBytes(4).toString('hex')}`,
      pollMs: 100,
      timeoutMs: 2000,
    });
    await createCompany(orm.em.fork(), workspaceId, { name: 'Chiffrée' });
    await verifiedDelivery('/plain', 0, [plain.secret]);
    await verifiedDelivery('/rotating', 0, [rotating.secret, rotating.previous]);

    // A rotation after the migration: the secret held since before it signs beside the new one.
    const rotated = await rotateEndpointSecret(orm.em.fork(), workspaceId, plain.id, testKeyring());
    await createCompany(orm.em.fork(), workspaceId, { name: 'Tournée' });
    await verifiedDelivery('/plain', 1, [rotated.secret, plain.secret]);
    expect(received.filter((item) => item.path === '/deleted')).toEqual([]);
  });
});
