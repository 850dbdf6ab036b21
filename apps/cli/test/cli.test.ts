import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticate, scopes } from '@comptoir/core';
import { dropDatabase } from '@comptoir/local-services';
import {
  createKeyring,
  decryptSecret,
  encryptedSecretKeyId,
  encryptSecret,
  generateEncryptionKey,
} from '@comptoir/secrets';
import { createTestDatabase, type TestDatabase, testEncryptionKey, testKeyring } from '@comptoir/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

let db: TestDatabase;
const scratch = mkdtempSync(join(tmpdir(), 'comptoir-cli-'));

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const cli = (args: string[], databaseUrl = db.url, env: Record<string, string> = {}) =>
  runCli(args, databaseUrl, env);

function json(args: string[], env: Record<string, string> = {}) {
  const result = cli([...args, '--json'], db.url, env);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.last) as Record<string, unknown>;
}

function fails(args: string[], message: RegExp, env: Record<string, string> = {}) {
  const result = cli([...args, '--json'], db.url, env);
  expect(result.status).not.toBe(0);
  expect(result.stderr).toMatch(message);
  return result;
}

describe('migrate', () => {
  it('applies every migration to an empty database, then has nothing to do', async () => {
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    const name = `${db.name}_empty`;
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = db.url.replace(/\/[^/]+$/, `/${name}`);
    try {
      const first = cli(['migrate', '--json'], url, { ENCRYPTION_KEY: '' });
      expect(first.status).toBe(0);
      // An empty database has no secret to encrypt: no key is needed.
      expect(first.stderr).toBe('');
      expect(JSON.parse(first.last)).toEqual({
        applied: [
          'Migration20261121000000_foundation',
          'Migration20261121000100_product_counts',
          'Migration20261121000200_contacts',
          'Migration20261121000300_opportunities',
          'Migration20261121000400_invoices',
          'Migration20261121000500_quotes',
          'Migration20261121000600_stock',
          'Migration20261121000700_webhooks',
          'Migration20261121000800_delivery_dispatch',
          'Migration20261123000000_lifecycles',
          'Migration20261123000100_product_archive',
          'Migration20261123000200_workspace_identity',
          'Migration20261123000300_invoice_buyer',
          'Migration20261123000400_documents',
          'Migration20261124000200_list_counts',
          'Migration20261124000300_product_counts_unmoved',
          'Migration20261124000600_search_columns',
          'Migration20261125000000_product_search_column',
          'Migration20261125000100_ledger_workspace_key',
          'Migration20261125000200_product_search_keys',
          'Migration20261125000300_contact_company_cover',
          'Migration20261128000000_product_search_long_keys',
          'Migration20261128000100_company_search_compact_vat',
          'Migration20261128000300_encrypted_webhook_secrets',
          'Migration20261128000500_einvoicing',
          'Migration20261129000900_supplier_invoices',
          'Migration20261129001000_owed_status_delivery',
          'Migration20261130000000_invoice_delivery_date_vat_exemption',
          'Migration20261201000000_people',
          'Migration20261201100000_document_search',
          'Migration20261201100100_record_timeline',
          'Migration20261201100200_dashboard_receivables',
          'Migration20261201200000_contact_company_order',
        ],
      });
      expect(JSON.parse(cli(['migrate', '--json'], url).last)).toEqual({ applied: [] });
    } finally {
      await dropDatabase(db.url, name);
    }
  });

  it('says what is missing when DATABASE_URL is not set', () => {
    const result = runCli(['migrate'], '');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/DATABASE_URL is not set/);
  });
});

describe('workspace and keys', () => {
  let workspaceId: string;

  it('creates a workspace', () => {
    const created = json(['workspace', 'create', '--name', 'Boulangerie', '--negative-stock', 'allow']);
    expect(created).toEqual({
      id: expect.stringMatching(/^wsp_/),
      name: 'Boulangerie',
      negativeStock: 'allow',
    });
    workspaceId = created.id as string;
    expect(json(['workspace', 'create', '--name', 'Default']).negativeStock).toBe('block');
  });

  it('refuses a bad policy and a missing name', () => {
    fails(
      ['workspace', 'create', '--name', 'X', '--negative-stock', 'maybe'],
      /--negative-stock must be one of/,
    );
    fails(['workspace', 'create'], /--name is required/);
  });

  it('creates a key that authenticates, lists it without the secret, and revokes it', async () => {
    const created = json([
      'key',
      'create',
      '--workspace',
      workspaceId,
      '--scopes',
      'read:products,write:products',
      '--expires-at',
      '2099-01-01T00:00:00Z',
      '--rate-limit',
      '120',
      '--name',
      'till',
    ]);
    expect(created).toEqual({
      id: expect.stringMatching(/^key_/),
      key: expect.stringMatching(/^svc_live_[0-9A-Za-z]{38}$/),
      scopes: ['read:products', 'write:products'],
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    const principal = await authenticate(db.orm.em.fork(), `Bearer ${created.key}`);
    expect(principal).toMatchObject({ workspaceId, rateLimitPerMinute: 120 });

    const listing = cli(['key', 'list', '--workspace', workspaceId, '--json']);
    expect(listing.stdout).not.toContain(created.key as string);
    const { keys } = JSON.parse(listing.last) as { keys: { id: string; hint: string; revokedAt: null }[] };
    expect(keys[0]).toMatchObject({
      id: created.id,
      hint: `svc_live_…${(created.key as string).slice(-4)}`,
      revokedAt: null,
    });
    const human = cli(['key', 'list', '--workspace', workspaceId]);
    expect(human.stdout).not.toContain(created.key as string);

    const revoked = json(['key', 'revoke', created.id as string]);
    expect(revoked).toEqual({ id: created.id, revokedAt: expect.any(String) });
    await expect(authenticate(db.orm.em.fork(), `Bearer ${created.key}`)).rejects.toMatchObject({
      code: 'revoked_key',
    });
  });

  it('refuses unknown scopes, bad dates and unknown keys clearly', () => {
    fails(
      ['key', 'create', '--workspace', workspaceId, '--scopes', 'read:everything'],
      /unknown scope\(s\): read:everything/,
    );
    fails(
      ['key', 'create', '--workspace', workspaceId, '--scopes', 'read:products', '--expires-at', 'soon'],
      /ISO 8601/,
    );
    fails(
      ['key', 'create', '--workspace', 'wsp_missing', '--scopes', 'read:products'],
      /Workspace not found/,
    );
    fails(['key', 'revoke', 'key_missing'], /API key not found/);
  });

  it('says so, and fails, when a revocation cannot be announced to the API processes', async () => {
    const created = json(['key', 'create', '--workspace', workspaceId, '--scopes', 'read:products']);
    // Nothing listens on port 1: the database revokes the key, the API processes cannot be told.
    const result = runCli(['key', 'revoke', created.id as string, '--json'], db.url, {
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/is revoked in the database, but the API processes could not be told/);
    expect(result.stderr).toMatch(/within 60 s/);
    await expect(authenticate(db.orm.em.fork(), `Bearer ${created.key}`)).rejects.toMatchObject({
      code: 'revoked_key',
    });
    // Again with the API's Redis: the first revocation time stays, and now it is announced.
    expect(json(['key', 'revoke', created.id as string])).toMatchObject({ id: created.id });
  });
});

describe('product import', () => {
  let workspaceId: string;
  let supplierId: string;

  beforeAll(async () => {
    workspaceId = json(['workspace', 'create', '--name', 'Import']).id as string;
    const em = db.orm.em.fork();
    const { createCompany } = await import('@comptoir/core');
    supplierId = (await createCompany(em, workspaceId, { name: 'Supplier' })).id;
  });

  const write = (name: string, content: unknown) => {
    const file = join(scratch, name);
    writeFileSync(file, JSON.stringify(content));
    return file;
  };

  it('creates products, then updates them by reference, and marks the supplier', async () => {
    const file = write('products.json', [
      {
        name: 'Farine T65',
        reference: 'FAR-65',
        unitPrice: 1.2,
        trackStock: true,
        stockQuantity: 40,
        stockThreshold: 10,
        supplierId,
      },
      { name: 'Levain', reference: 'LEV-1', trackStock: false },
      { name: 'Sans référence', unitPrice: 3 },
    ]);
    const first = json(['product', 'import', '--workspace', workspaceId, '--file', file]);
    expect(first).toMatchObject({ created: 3, updated: 0 });
    expect(first.ids).toHaveLength(3);

    const again = write('again.json', [
      { name: 'Farine T65 bio', reference: 'FAR-65', unitPrice: 1.5, trackStock: true, stockQuantity: 35 },
    ]);
    const second = json(['product', 'import', '--workspace', workspaceId, '--file', again]);
    expect(second).toEqual({ created: 0, updated: 1, ids: [(first.ids as string[])[0]] });

    const rows = await db.orm.em
      .fork()
      .execute<{ name: string; unit_price: string; stock_quantity: string }[]>(
        "select name, unit_price, stock_quantity from products where reference = 'FAR-65'",
      );
    expect(rows).toEqual([{ name: 'Farine T65 bio', unit_price: '1.5000', stock_quantity: '35.0000' }]);
    const [supplier] = await db.orm.em
      .fork()
      .execute<{ is_supplier: boolean }[]>('select is_supplier from companies where id = ?', [supplierId]);
    expect(supplier?.is_supplier).toBe(true);
  });

  it('writes nothing when one item is invalid, and names it', async () => {
    const before = await db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from products');
    const file = write('bad.json', [
      { name: 'Fine', reference: 'OK-1' },
      { name: '', unitPrice: -1 },
      {
        name: 'Rounded away',
        unitPrice: 1.23456,
        taxRate: 5.55555,
        trackStock: true,
        stockQuantity: 0.00001,
      },
    ]);
    const result = fails(
      ['product', 'import', '--workspace', workspaceId, '--file', file],
      /problem\(s\) in the import file/,
    );
    expect(result.stderr).toMatch(/1\.name/);
    expect(result.stderr).toMatch(/1\.unitPrice/);
    // Stored with 4 decimals: more would be rounded away, so they are refused, not rounded.
    expect(result.stderr).toMatch(/2\.unitPrice: at most 4 decimal places/);
    expect(result.stderr).toMatch(/2\.taxRate: at most 4 decimal places/);
    expect(result.stderr).toMatch(/2\.stockQuantity: at most 4 decimal places/);
    const after = await db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from products');
    expect(after).toEqual(before);
  });

  it('refuses text that cannot be stored (U+0000, an unpaired surrogate, invalid UTF-8), naming the item', async () => {
    const before = await db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from products');
    const file = join(scratch, 'hostile.json');
    writeFileSync(file, '[{"name":"Fine"},{"name":"a\\u0000b"},{"name":"x","reference":"\\ud800"}]');
    const result = fails(
      ['product', 'import', '--workspace', workspaceId, '--file', file],
      /problem\(s\) in the import file/,
    );
    expect(result.stderr).toMatch(/1\.name: must not contain the character U\+0000/);
    expect(result.stderr).toMatch(/2\.reference: must be valid Unicode/);
    const bytes = join(scratch, 'latin1.json');
    writeFileSync(bytes, Buffer.from([...Buffer.from('[{"name":"caf'), 0xe9, ...Buffer.from('"}]')]));
    fails(['product', 'import', '--workspace', workspaceId, '--file', bytes], /cannot read .* as JSON/);
    const after = await db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from products');
    expect(after).toEqual(before);
  });

  it('refuses a supplier that is not a company of the workspace', () => {
    const file = write('supplier.json', [{ name: 'X', supplierId: 'cmp_00000000000000000000000000' }]);
    fails(['product', 'import', '--workspace', workspaceId, '--file', file], /company_not_found/);
  });

  it('refuses a file that is not a JSON array', () => {
    fails(
      ['product', 'import', '--workspace', workspaceId, '--file', write('object.json', { name: 'x' })],
      /JSON array/,
    );
    fails(
      ['product', 'import', '--workspace', workspaceId, '--file', join(scratch, 'missing.json')],
      /cannot read/,
    );
  });
});

describe('seed', () => {
  it('is idempotent: one demo workspace, its products, and a fresh all-scope key each time', async () => {
    const first = json(['seed']);
    const second = json(['seed']);
    expect(second.workspaceId).toBe(first.workspaceId);
    expect(second.products).toBe(4);
    await expect(authenticate(db.orm.em.fork(), `Bearer ${first.key}`)).rejects.toMatchObject({
      code: 'revoked_key',
    });
    const principal = await authenticate(db.orm.em.fork(), `Bearer ${second.key}`);
    // Every scope there is: the demo key opens everything.
    expect([...principal.scopes].sort()).toEqual([...scopes].sort());
    const states = await db.orm.em
      .fork()
      .execute<{ count: string }[]>('select count(*) from products where workspace_id = ?', [
        first.workspaceId,
      ]);
    expect(states[0]?.count).toBe('4');
  });

  it('makes records at every stage of their lives, through the use cases (events included), once', async () => {
    const { workspaceId } = json(['seed']);
    const rows = async (sql: string) =>
      (await db.orm.em.fork().execute<{ key: string }[]>(sql, [workspaceId])).map((row) => row.key);
    const invoiceStates = await rows(
      `select distinct type || ':' || status as key from invoices where workspace_id = ? order by 1`,
    );
    expect(invoiceStates).toEqual([
      'credit_note:SENT',
      'invoice:CANCELLED',
      'invoice:DRAFT',
      'invoice:OVERDUE',
      'invoice:PAID',
      'invoice:PARTIAL',
      'invoice:SENT',
    ]);
    expect(
      await rows(
        `select distinct status || ':' || (invoice_id is not null) as key from quotes where workspace_id = ? order by 1`,
      ),
    ).toEqual(['ACCEPTED:false', 'ACCEPTED:true', 'DRAFT:false', 'SENT:false']);
    // A credit note is issued at or after the invoice it cancels, even in the seed's one transaction.
    expect(
      await rows(
        `select (note.issued_at >= cancelled.issued_at)::text as key from invoices note
           join invoices cancelled on cancelled.id = note.credited_invoice_id where note.workspace_id = ?`,
      ),
    ).toEqual(['true']);
    expect(
      await rows('select distinct status as key from opportunities where workspace_id = ? order by 1'),
    ).toEqual(['DRAFT', 'HOT', 'LOST', 'WON']);
    expect(await rows('select legal_name as key from workspaces where id = ?')).toEqual([
      'Comptoir Démo SAS',
    ]);
    const eventTypes = await rows(
      'select distinct type as key from events where workspace_id = ? order by 1',
    );
    expect(eventTypes).toEqual(
      expect.arrayContaining([
        'credit_note.created',
        'invoice.overdue',
        'invoice.paid',
        'quote.invoiced',
        'opportunity.won',
      ]),
    );
    const count = async () =>
      (await rows('select count(*)::text as key from invoices where workspace_id = ?'))[0];
    const before = await count();
    json(['seed']);
    expect(await count()).toBe(before);
  });
});

describe('seed: the demo owner', () => {
  it('is made with the password given, keeps it on a seed without one, and is the workspace’s owner', async () => {
    const given = json(['seed', '--password', 'demo owner password']) as {
      workspaceId: string;
      owner: { userId: string; email: string; password: string | null };
    };
    expect(given.owner).toEqual({
      userId: expect.stringMatching(/^usr_/),
      email: 'owner@demo.comptoir.test',
      password: 'demo owner password',
    });
    const again = json(['seed']) as typeof given;
    expect(again.owner).toEqual({ ...given.owner, password: null });
    const members = json(['user', 'list', '--workspace', given.workspaceId]) as {
      members: { userId: string; role: string }[];
    };
    expect(members.members).toContainEqual(
      expect.objectContaining({ userId: given.owner.userId, role: 'owner' }),
    );
    const hashes = await db.orm.em
      .fork()
      .execute<{ password: string }[]>(
        "select password from accounts where user_id = ? and provider_id = 'credential'",
        [given.owner.userId],
      );
    expect(hashes).toHaveLength(1);
    // better-auth's scrypt hash, salt and key: never the password itself
    expect(hashes[0]?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
  });
});

describe('users', () => {
  it('creates a member with a role and lists the workspace’s members', () => {
    const { id: workspaceId } = json(['workspace', 'create', '--name', 'People']) as { id: string };
    const created = json([
      'user',
      'create',
      '--workspace',
      workspaceId,
      '--email',
      'Vendeur@Example.test',
      '--password',
      'vendeur password',
      '--role',
      'sales',
    ]) as { user: { id: string; email: string }; role: string; created: boolean };
    expect(created).toMatchObject({ user: { email: 'vendeur@example.test' }, role: 'sales', created: true });
    const listed = json(['user', 'list', '--workspace', workspaceId]) as { members: unknown[] };
    expect(listed.members).toEqual([
      {
        userId: created.user.id,
        email: 'vendeur@example.test',
        name: 'vendeur',
        role: 'sales',
        joinedAt: expect.any(String),
      },
    ]);
    const human = cli(['user', 'list', '--workspace', workspaceId]);
    expect(human.stdout).toContain('vendeur@example.test  sales');
  });

  it('adds an existing account to another workspace, its password unchanged', () => {
    const { id: first } = json(['workspace', 'create', '--name', 'First']) as { id: string };
    const { id: second } = json(['workspace', 'create', '--name', 'Second']) as { id: string };
    const args = (workspace: string, password: string) => [
      'user',
      'create',
      '--workspace',
      workspace,
      '--email',
      'both@example.test',
      '--password',
      password,
      '--role',
      'stock',
    ];
    const made = json(args(first, 'first password'));
    const joined = json(args(second, 'second password'));
    expect(joined).toMatchObject({ created: false, user: made.user });
    fails(args(second, 'third password'), /member of this workspace already \(member_exists\)/);
  });

  it('refuses an unknown role, a short password, an unknown workspace', () => {
    const { id: workspaceId } = json(['workspace', 'create', '--name', 'Refusals']) as { id: string };
    const base = ['user', 'create', '--workspace', workspaceId, '--email', 'x@example.test'];
    fails(
      [...base, '--password', 'long enough pass', '--role', 'boss'],
      /--role must be one of: owner, accountant, sales, stock/,
    );
    fails([...base, '--password', 'short', '--role', 'sales'], /password: at least 8 characters/);
    fails(
      [
        'user',
        'create',
        '--workspace',
        'wsp_missing',
        '--email',
        'x@example.test',
        '--password',
        'long enough pass',
        '--role',
        'sales',
      ],
      /Workspace not found/,
    );
    fails(['user', 'create', '--workspace', workspaceId], /--role is required/);
  });
});

describe('secrets reencrypt', () => {
  it('moves every stored secret to ENCRYPTION_KEY, so the key in ENCRYPTION_KEY_PREVIOUS can be retired', async () => {
    const workspaceId = json(['workspace', 'create', '--name', 'Rekeyed']).id as string;
    const added = [1, 2, 3].map(
      (n) =>
        json(['webhook', 'add', '--workspace', workspaceId, '--url', `https://k${n}.example.com`])
          .id as string,
    );
    const oldKeyring = testKeyring();
    const newKey = generateEncryptionKey();
    const newKeyring = createKeyring({ current: Buffer.from(newKey, 'base64') });
    const stored = async () =>
      new Map(
        (
          await db.orm.em
            .fork()
            .execute<{ id: string; secret: string; previous_secret: string | null }[]>(
              'select id, secret, previous_secret from webhook_endpoints where id in (?, ?, ?)',
              added,
            )
        ).map((row) => [row.id, row]),
      );
    // One endpoint in the middle of a rotation: its previous secret moves too.
    const rotatingId = added[0] as string;
    const previous = encryptSecret(
      'whsec_cHJldmlvdXM=',
      oldKeyring,
      `webhook_endpoints.secret:${rotatingId}`,
    );
    await db.orm.em
      .fork()
      .execute(
        "update webhook_endpoints set previous_secret = ?, previous_secret_expires_at = now() + interval '1 hour' where id = ?",
        [previous, rotatingId],
      );
    const before = await stored();

    // Without the previous key, the stored secrets cannot be read: it says so, and changes nothing.
    fails(
      ['secrets', 'reencrypt'],
      /^error: a stored secret does not open with ENCRYPTION_KEY or ENCRYPTION_KEY_PREVIOUS \(the secret was encrypted with a key the keyring does not hold \(key [\w-]+\)\)/,
      { ENCRYPTION_KEY: newKey },
    );
    expect(await stored()).toEqual(before);

    const keys = { ENCRYPTION_KEY: newKey, ENCRYPTION_KEY_PREVIOUS: testEncryptionKey() };
    const moved = json(['secrets', 'reencrypt'], keys);
    expect(moved).toEqual({
      keyId: newKeyring.currentKeyId,
      endpoints: expect.any(Number),
      reencrypted: expect.any(Number),
    });
    expect(moved.reencrypted).toBeGreaterThanOrEqual(3);
    const after = await stored();
    for (const id of added) {
      const [was, now] = [before.get(id), after.get(id)];
      const binding = `webhook_endpoints.secret:${id}`;
      expect(encryptedSecretKeyId(now?.secret ?? '')).toBe(newKeyring.currentKeyId);
      // The new key alone opens them, to what they were.
      expect(decryptSecret(now?.secret ?? '', newKeyring, binding)).toBe(
        decryptSecret(was?.secret ?? '', oldKeyring, binding),
      );
    }
    const rotating = after.get(rotatingId);
    expect(encryptedSecretKeyId(rotating?.previous_secret ?? '')).toBe(newKeyring.currentKeyId);
    expect(
      decryptSecret(rotating?.previous_secret ?? '', newKeyring, `webhook_endpoints.secret:${rotatingId}`),
    ).toBe('whsec_cHJldmlvdXM=');
    // Run again, it has nothing left to move.
    expect(json(['secrets', 'reencrypt'], keys).reencrypted).toBe(0);
    // Put back under the run's key, for the tests that follow.
    json(['secrets', 'reencrypt'], { ENCRYPTION_KEY: testEncryptionKey(), ENCRYPTION_KEY_PREVIOUS: newKey });
  });
});

describe('usage', () => {
  it('rejects an unknown command with the usage text', () => {
    fails(['frobnicate'], /unknown command: frobnicate/);
  });
});

describe('webhook endpoints', () => {
  let workspaceId: string;

  beforeAll(() => {
    workspaceId = json(['workspace', 'create', '--name', 'Hooks']).id as string;
  });

  it('refuses unknown event types, bad URLs, unknown workspaces and missing flags clearly, adding nothing', async () => {
    const count = async () => {
      const [row] = await db.orm.em
        .fork()
        .execute<{ count: string }[]>('select count(*) from webhook_endpoints');
      return Number(row?.count);
    };
    const before = await count();
    fails(
      ['webhook', 'add', '--workspace', workspaceId, '--url', 'https://x.example', '--events', 'stock.moved'],
      /unknown event type\(s\): stock\.moved/,
    );
    fails(['webhook', 'add', '--workspace', workspaceId, '--url', 'ftp://x.example'], /url: .*http\(s\) URL/);
    fails(['webhook', 'add', '--workspace', workspaceId], /--url is required/);
    fails(['webhook', 'add', '--workspace', workspaceId, '--url', 'http://x.example'], /url must use https/);
    fails(
      ['webhook', 'add', '--workspace', workspaceId, '--url', 'https://10.0.0.1/hook'],
      /private, loopback/,
    );
    fails(
      ['webhook', 'add', '--workspace', 'wsp_missing', '--url', 'https://x.example'],
      /Workspace not found/,
    );
    fails(
      ['webhook', 'add', '--workspace', workspaceId, '--url', 'https://x.example'],
      /^error: ENCRYPTION_KEY is not set: webhook add \(the signing secret is stored encrypted\) needs the key the API and the worker run with/,
      { ENCRYPTION_KEY: '' },
    );
    fails(
      ['webhook', 'add', '--workspace', workspaceId, '--url', 'https://x.example'],
      /^error: invalid configuration: ENCRYPTION_KEY: ENCRYPTION_KEY must be 32 random bytes in standard base64/,
      { ENCRYPTION_KEY: 'not-a-key' },
    );
    fails(['webhook', 'list'], /--workspace is required/);
    fails(['webhook', 'remove', '--workspace', workspaceId], /usage: webhook remove ENDPOINT_ID/);
    fails(['webhook', 'remove', 'whe_missing', '--workspace', workspaceId], /Webhook endpoint not found/);
    expect(await count()).toBe(before);
  });

  it('adds an endpoint with its secret shown once, lists it without the secret, and removes it', async () => {
    const added = json([
      'webhook',
      'add',
      '--workspace',
      workspaceId,
      '--url',
      'https://hooks.example.com/comptoir',
      '--events',
      'stock.low, stock.out',
      '--description',
      'stock alerts',
    ]);
    expect(added).toEqual({
      id: expect.stringMatching(/^whe_/),
      url: 'https://hooks.example.com/comptoir',
      events: ['stock.low', 'stock.out'],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/),
    });
    const { getEndpoint } = await import('@comptoir/core');
    expect(await getEndpoint(db.orm.em.fork(), workspaceId, added.id as string)).toMatchObject({
      status: 'enabled',
      description: 'stock alerts',
    });
    // Stored encrypted with ENCRYPTION_KEY, bound to the endpoint, as the API stores it.
    const [row] = await db.orm.em
      .fork()
      .execute<{ secret: string }[]>('select secret from webhook_endpoints where id = ?', [added.id]);
    expect(row?.secret).toMatch(/^enc:v1:/);
    expect(decryptSecret(row?.secret ?? '', testKeyring(), `webhook_endpoints.secret:${added.id}`)).toBe(
      added.secret,
    );

    const everything = json([
      'webhook',
      'add',
      '--workspace',
      workspaceId,
      '--url',
      'https://all.example.com',
    ]);
    expect(everything.events).toEqual(['*']);

    const listing = cli(['webhook', 'list', '--workspace', workspaceId, '--json']);
    expect(listing.stdout).not.toContain(added.secret as string);
    expect(JSON.parse(listing.last)).toEqual({
      total: 2,
      endpoints: [
        expect.objectContaining({ id: everything.id, events: ['*'], status: 'enabled' }),
        expect.objectContaining({ id: added.id, url: 'https://hooks.example.com/comptoir' }),
      ],
    });
    const human = cli(['webhook', 'list', '--workspace', workspaceId]);
    expect(human.stdout).toContain(
      `${added.id}  enabled  https://hooks.example.com/comptoir  stock.low,stock.out`,
    );
    expect(human.stdout).not.toContain(added.secret as string);

    expect(json(['webhook', 'remove', added.id as string, '--workspace', workspaceId])).toEqual({
      id: added.id,
      removed: true,
    });
    const after = JSON.parse(cli(['webhook', 'list', '--workspace', workspaceId, '--json']).last);
    expect(after.endpoints.map((endpoint: { id: string }) => endpoint.id)).toEqual([everything.id]);
    fails(
      ['webhook', 'remove', added.id as string, '--workspace', workspaceId],
      /Webhook endpoint not found/,
    );
  });

  it('redelivers an event to every subscribed endpoint, or to one', async () => {
    const { createCompany } = await import('@comptoir/core');
    const endpoint = json([
      'webhook',
      'add',
      '--workspace',
      workspaceId,
      '--url',
      'https://again.example.com',
    ]);
    const company = await createCompany(db.orm.em.fork(), workspaceId, { name: 'Encore' });
    const [event] = await db.orm.em
      .fork()
      .execute<{ id: string }[]>("select id from events where type = 'company.created' and data->>'id' = ?", [
        company.id,
      ]);
    const eventId = event?.id as string;
    const one = json([
      'webhook',
      'redeliver',
      eventId,
      '--workspace',
      workspaceId,
      '--endpoint',
      endpoint.id as string,
    ]);
    expect(one).toEqual({
      eventId,
      deliveries: [{ id: expect.stringMatching(/^dlv_/), endpointId: endpoint.id }],
    });
    const all = json(['webhook', 'redeliver', eventId, '--workspace', workspaceId]);
    expect((all.deliveries as { endpointId: string }[]).map((delivery) => delivery.endpointId)).toContain(
      endpoint.id,
    );
    fails(['webhook', 'redeliver', 'evt_missing', '--workspace', workspaceId], /Event not found/);
    fails(['webhook', 'redeliver', '--workspace', workspaceId], /usage: webhook redeliver EVENT_ID/);
  });
});
