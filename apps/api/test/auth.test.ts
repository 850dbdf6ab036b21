import { generateKey, keyPrefix, revokeKey, scopes } from '@comptoir/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { bearer, expectError } from './support/index.ts';

// Every operation's 401s (missing, malformed and unknown key, over REST and tRPC) and 403s are
// in common-routes.test.ts; this file tests the key itself: its shapes, revocation, expiry, use.

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

describe('REST authentication', () => {
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

  it('answers 401 revoked_key to the first request after the revocation is announced', async () => {
    const created = await api.make.key(workspaceId, ['read:products']);
    for (let i = 0; i < 3; i++) {
      expect((await api.request('/api/v1/products', { headers: bearer(created.key) })).status).toBe(200);
    }
    await revokeKey(api.db.orm.em.fork(), created.id);
    // A verified key is not read from the database again: until the revocation is announced
    // (`key revoke` does it before it returns), the process still trusts it.
    expect((await api.request('/api/v1/products', { headers: bearer(created.key) })).status).toBe(200);
    await api.announceRevocation();
    await expectError(
      await api.request('/api/v1/products', { headers: bearer(created.key) }),
      401,
      'revoked_key',
    );
    // Another key, verified before the announcement, is verified again and still served.
    expect((await api.request('/api/v1/products', { headers: bearer(fullKey) })).status).toBe(200);
  });

  it('answers 401 expired_key once the expiry has passed, for a key already verified', async () => {
    const expiresAt = new Date(Date.now() + 1500);
    const created = await api.make.key(workspaceId, ['read:products'], { expiresAt });
    expect((await api.request('/api/v1/products', { headers: bearer(created.key) })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 50));
    await expectError(
      await api.request('/api/v1/products', { headers: bearer(created.key) }),
      401,
      'expired_key',
    );
  });

  it('checks the scope of a verified key on every request, not only the first', async () => {
    const created = await api.make.key(workspaceId, ['read:products']);
    expect((await api.request('/api/v1/products', { headers: bearer(created.key) })).status).toBe(200);
    await expectError(
      await api.request('/api/v1/invoices', { headers: bearer(created.key) }),
      403,
      'insufficient_scope',
    );
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

describe('scopes', () => {
  it('lists every scope of the contract, and the rulings’ webhook, workspace and purchases scopes', () => {
    expect(scopes).toHaveLength(16);
    expect(scopes).toEqual(
      expect.arrayContaining([
        'read:webhooks',
        'write:webhooks',
        'read:workspace',
        'write:workspace',
        'read:purchases',
        'write:purchases',
      ]),
    );
  });
});
