import { comptoirErrorOf, createComptoirClient } from '@comptoir/client';
import { generateKey, keyPrefix, scopes } from '@comptoir/core';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
let workspaceId: string;
let fullKey: string;
const sampleKey = generateKey();
const corruptedChecksum = `${sampleKey.slice(0, -1)}${sampleKey.endsWith('a') ? 'b' : 'a'}`;

beforeAll(async () => {
  api = await startTestApi();
  workspaceId = (await api.make.workspace()).id;
  fullKey = (await api.make.key(workspaceId)).key;
});
afterAll(() => api.close());

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message).toEqual(expect.any(String));
  if (status === 401) expect(response.headers.get('www-authenticate')).toBe('Bearer');
  return body;
}

describe('REST authentication', () => {
  it('answers 401 missing_authorization without an Authorization header', async () => {
    await expectError(await api.request('/api/v1/products'), 401, 'missing_authorization');
  });

  it.each([
    ['a non-bearer scheme', `Basic ${sampleKey}`],
    ['the wrong prefix', `Bearer svc_test_${'a'.repeat(38)}`],
    ['a key too short', `Bearer ${keyPrefix}abc`],
    ['31 characters after the prefix', `Bearer ${keyPrefix}${'a'.repeat(31)}`],
    ['characters outside base62', `Bearer ${keyPrefix}${'-'.repeat(38)}`],
  ])('answers 401 invalid_key_format for %s', async (_label, authorization) => {
    await expectError(
      await api.request('/api/v1/products', { headers: { authorization } }),
      401,
      'invalid_key_format',
    );
  });

  // Rulings: a key of the contract's shape that matches no stored key is invalid_key, even
  // when its own checksum already tells us so.
  it.each([
    ['a bad checksum', `Bearer ${corruptedChecksum}`],
    ['32 characters after the prefix (shorter than ours)', `Bearer ${keyPrefix}${'a'.repeat(32)}`],
    ['a key longer than ours', `Bearer ${sampleKey}x`],
  ])('answers 401 invalid_key for %s', async (_label, authorization) => {
    await expectError(
      await api.request('/api/v1/products', { headers: { authorization } }),
      401,
      'invalid_key',
    );
  });

  it('answers 401 invalid_key for a well-formed key nobody issued', async () => {
    await expectError(
      await api.request('/api/v1/products', { headers: bearer(generateKey()) }),
      401,
      'invalid_key',
    );
  });

  it('answers 401 revoked_key as soon as the key is revoked', async () => {
    const created = await api.make.key(workspaceId, ['read:products']);
    expect((await api.request('/api/v1/products', { headers: bearer(created.key) })).status).toBe(200);
    const { revokeKey } = await import('@comptoir/core');
    await revokeKey(api.db.orm.em.fork(), created.id);
    await expectError(
      await api.request('/api/v1/products', { headers: bearer(created.key) }),
      401,
      'revoked_key',
    );
  });

  it('answers 401 expired_key once the expiry has passed', async () => {
    const created = await api.make.key(workspaceId, ['read:products'], {
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await api.request('/api/v1/products', { headers: bearer(created.key) })).status).toBe(200);
    await api.db.orm.em
      .fork()
      .execute("update api_keys set expires_at = now() - interval '1 second' where id = ?", [created.id]);
    await expectError(
      await api.request('/api/v1/products', { headers: bearer(created.key) }),
      401,
      'expired_key',
    );
  });

  it('answers 403 insufficient_scope naming the missing scope', async () => {
    const created = await api.make.key(workspaceId, ['read:invoices']);
    const body = await expectError(
      await api.request('/api/v1/products', { headers: bearer(created.key) }),
      403,
      'insufficient_scope',
    );
    expect(body.error.message).toContain('read:products');
  });

  it('accepts a key holding only the required scope', async () => {
    const created = await api.make.key(workspaceId, ['read:products']);
    expect((await api.request('/api/v1/products', { headers: bearer(created.key) })).status).toBe(200);
  });

  it('records lastUsedAt on use', async () => {
    const created = await api.make.key(workspaceId, ['read:products']);
    await api.request('/api/v1/products', { headers: bearer(created.key) });
    await expect
      .poll(async () => {
        const rows = await api.db.orm.em
          .fork()
          .execute<{ last_used_at: unknown }[]>('select last_used_at from api_keys where id = ?', [
            created.id,
          ]);
        return rows[0]?.last_used_at;
      })
      .not.toBeNull();
  });

  it('stores only a hash of the key', async () => {
    const rows = await api.db.orm.em.fork().execute<Record<string, unknown>[]>('select * from api_keys');
    for (const row of rows)
      expect(JSON.stringify(row)).not.toContain(fullKey.slice(keyPrefix.length, keyPrefix.length + 20));
  });
});

describe('tRPC authentication', () => {
  async function trpcError(
    apiKey: string,
    call: (client: ReturnType<typeof createComptoirClient>) => Promise<unknown>,
  ) {
    const client = createComptoirClient({ url: api.baseUrl, apiKey });
    try {
      await call(client);
    } catch (error) {
      expect(error).toBeInstanceOf(TRPCClientError);
      const contractError = comptoirErrorOf(error);
      if (!contractError) throw new Error('no contract error in the tRPC error');
      return contractError;
    }
    throw new Error('the call succeeded');
  }

  it('refuses a malformed key with invalid_key_format and 401', async () => {
    const data = await trpcError('nope', (client) => client.products.list.query({}));
    expect(data.httpStatus).toBe(401);
    expect(data.code).toBe('invalid_key_format');
  });

  it('refuses an unknown key with invalid_key', async () => {
    const data = await trpcError(generateKey(), (client) => client.products.list.query({}));
    expect(data.code).toBe('invalid_key');
  });

  it('refuses a missing scope with 403 insufficient_scope', async () => {
    const created = await api.make.key(workspaceId, ['read:products']);
    const data = await trpcError(created.key, (client) => client.products.create.mutate({ name: 'x' }));
    expect(data.httpStatus).toBe(403);
    expect(data.code).toBe('insufficient_scope');
    expect(data.message).toContain('write:products');
  });

  it('sends WWW-Authenticate: Bearer on a 401 over /trpc', async () => {
    const response = await api.request('/trpc/products.list?input=%7B%7D');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    const body = (await response.json()) as { error: { data: { error: { code: string } } } };
    expect(body.error.data.error.code).toBe('missing_authorization');
  });

  it('lists every scope of the contract, and the rulings’ webhook scopes', () => {
    expect(scopes).toHaveLength(12);
  });
});
