import { revokeKey } from '@comptoir/core';
import { testRedisPrefix } from '@comptoir/testing';
import { createRedisKeyGate } from '@comptoir/trpc';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectApiRedis } from '../src/redis.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { bearer, expectError, expectTrpcError } from './support/index.ts';

let api: TestApi;
let headers: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi();
  const workspace = await api.make.workspace();
  headers = bearer((await api.make.key(workspace.id)).key);
  await api.make.product(workspace.id, { name: 'Widget' });
});
afterAll(() => api.close());

describe('error envelope on every failure', () => {
  it('answers 404 not_found for an unknown path under /api/v1', async () => {
    const response = await api.request('/api/v1/nothing-here', { headers });
    await expectError(response, 404, 'not_found');
  });

  it('answers 404 not_found for an unknown path outside /api/v1', async () => {
    const response = await api.request('/nowhere');
    await expectError(response, 404, 'not_found');
  });

  it('answers 404 for a method the path does not have (trpc-to-openapi has no 405)', async () => {
    const response = await api.request('/api/v1/products', { method: 'DELETE', headers });
    await expectError(response, 404, 'not_found');
  });

  it('does not answer HEAD without authentication', async () => {
    const response = await api.request('/api/v1/products', { method: 'HEAD' });
    expect(response.status).not.toBe(204);
    expect(response.status).toBe(404);
  });

  it('answers 400 invalid_body for malformed JSON', async () => {
    const response = await api.request('/api/v1/products', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"name": ',
    });
    await expectError(response, 400, 'invalid_body');
  });

  it('answers 413 payload_too_large for a body over 1 MiB', async () => {
    const response = await api.request('/api/v1/products', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }),
    });
    await expectError(response, 413, 'payload_too_large');
  });

  it('accepts an empty JSON body (a POST with no input is not malformed)', async () => {
    const response = await api.request('/trpc/products.create', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '',
    });
    const error = await expectTrpcError(response, 400, 'invalid_body');
    expect(error.message).not.toMatch(/JSON/);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await api.request('/api/v1/products', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain' },
      body: 'hello',
    });
    await expectError(response, 415, 'unsupported_media_type');
  });

  it('answers 500 internal_error with no internals, and logs the cause with the request id', async () => {
    const scratch = await startTestApi();
    try {
      const workspace = await scratch.make.workspace();
      const key = await scratch.make.key(workspace.id);
      await scratch.db.orm.em.fork().execute('alter table products rename to products_gone');
      const response = await scratch.request('/api/v1/products', {
        headers: { ...bearer(key.key), 'x-request-id': 'req-test-500' },
      });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        error: { code: 'internal_error', message: 'An internal error occurred (request req-test-500)' },
      });
      expect(text).not.toMatch(/products|relation|select/i);
      const logged = scratch.logs.find((line) => JSON.stringify(line).includes('req-test-500'));
      expect(JSON.stringify(logged)).toMatch(/products/);
    } finally {
      await scratch.close();
    }
  });

  it('echoes a request id on every response', async () => {
    const response = await api.request('/api/v1/products', { headers });
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
  });
});

describe('rate limit', () => {
  it('answers 429 rate_limited with Retry-After and RateLimit headers past the key’s limit', async () => {
    const workspace = await api.make.workspace();
    const key = await api.make.key(workspace.id, ['read:products'], { rateLimitPerMinute: 3 });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await api.request('/api/v1/products', { headers: bearer(key.key) });
      statuses.push(last.status);
      if (i < 3) {
        expect(last.headers.get('ratelimit-limit')).toBe('3');
        expect(last.headers.get('ratelimit-remaining')).toBe(String(2 - i));
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const response = last as Response;
    const retryAfter = response.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(response.headers.get('ratelimit-remaining')).toBe('0');
    expect(response.headers.get('ratelimit-policy')).toBe('3;w=60');
    await expectError(response, 429, 'rate_limited');
  });

  it('counts per key: another key of the same workspace is not limited', async () => {
    const workspace = await api.make.workspace();
    const limited = await api.make.key(workspace.id, ['read:products'], { rateLimitPerMinute: 1 });
    const other = await api.make.key(workspace.id, ['read:products'], { rateLimitPerMinute: 1 });
    expect((await api.request('/api/v1/products', { headers: bearer(limited.key) })).status).toBe(200);
    expect((await api.request('/api/v1/products', { headers: bearer(limited.key) })).status).toBe(429);
    expect((await api.request('/api/v1/products', { headers: bearer(other.key) })).status).toBe(200);
  });

  it('uses RATE_LIMIT_PER_MINUTE when the key has no limit of its own', async () => {
    const small = await startTestApi({ rateLimitPerMinute: 2 });
    try {
      const workspace = await small.make.workspace();
      const key = await small.make.key(workspace.id);
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await small.request('/api/v1/products', { headers: bearer(key.key) })).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await small.close();
    }
  });

  it('limits the tRPC transport too', async () => {
    const workspace = await api.make.workspace();
    const key = await api.make.key(workspace.id, ['read:products'], { rateLimitPerMinute: 1 });
    expect((await api.request('/trpc/products.list?input=%7B%7D', { headers: bearer(key.key) })).status).toBe(
      200,
    );
    const response = await api.request('/trpc/products.list?input=%7B%7D', { headers: bearer(key.key) });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('sends the gate scripts of requests read in one turn of the event loop in one pipeline', async () => {
    // The API's own client (connectApiRedis), against the real Redis: 20 requests admitted in one
    // turn wait together for one write, and each still gets its own count and the epoch.
    const redis = await connectApiRedis(inject('redisUrl'), () => {});
    try {
      const gate = createRedisKeyGate({
        redis,
        defaultPerMinute: 100,
        keyPrefix: testRedisPrefix(),
        onUnavailable: (error) => {
          throw error;
        },
      });
      const answers = Array.from({ length: 20 }, (_, index) => gate.admit(`key-${index % 2}`, null));
      expect(redis.autoPipelineQueueSize).toBe(20);
      const settled = await Promise.all(answers);
      expect(settled.map((answer) => answer?.decision.remaining).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
        [90, 90, 91, 91, 92, 92, 93, 93, 94, 94, 95, 95, 96, 96, 97, 97, 98, 98, 99, 99],
      );
      expect(new Set(settled.map((answer) => answer?.revocationEpoch)).size).toBe(1);
      expect(redis.autoPipelineQueueSize).toBe(0);
    } finally {
      redis.disconnect();
    }
  });

  it('serves requests when Redis is unreachable, and logs and counts the failure', async () => {
    const blind = await startTestApi({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      const workspace = await blind.make.workspace();
      const key = await blind.make.key(workspace.id, ['read:products'], { rateLimitPerMinute: 1 });
      for (let i = 0; i < 3; i++) {
        expect((await blind.request('/api/v1/products', { headers: bearer(key.key) })).status).toBe(200);
      }
      const metrics = await (await blind.request('/metrics')).text();
      expect(metrics).toMatch(/^rate_limiter_unavailable_total 3$/m);
      expect(blind.logs.some((line) => JSON.stringify(line).includes('Redis unavailable'))).toBe(true);
      // Without Redis nothing can announce a revocation, so no key is trusted from memory:
      // a revocation in the database alone is refused at the next request.
      await revokeKey(blind.db.orm.em.fork(), key.id);
      await expectError(
        await blind.request('/api/v1/products', { headers: bearer(key.key) }),
        401,
        'revoked_key',
      );
    } finally {
      await blind.close();
    }
  });
});

describe('operations endpoints', () => {
  it('/healthz answers while the process is up', async () => {
    const response = await api.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz checks the database and Redis', async () => {
    const response = await api.request('/readyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
  });

  it('/readyz answers 503 when Redis is unreachable', async () => {
    const blind = await startTestApi({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      const response = await blind.request('/readyz');
      expect(response.status).toBe(503);
      const body = (await response.json()) as { checks: { database: string; redis: string } };
      expect(body.checks.database).toBe('ok');
      expect(body.checks.redis).not.toBe('ok');
    } finally {
      await blind.close();
    }
  });

  it('/metrics exposes request counts and latency by route template and status', async () => {
    await api.request('/api/v1/products', { headers });
    await api.request('/api/v1/products/prd_00000000000000000000000000', { headers });
    const text = await (await api.request('/metrics')).text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/v1\/products",status="200"\} \d+/);
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/v1\/products\/\{id\}",status="404"\} \d+/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.05",method="GET",route="\/api\/v1\/products"/,
    );
    expect(text).toMatch(/process_cpu_user_seconds_total/);
  });

  it('/api/v1/openapi.json serves the OpenAPI 3.1 document without authentication', async () => {
    const response = await api.request('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; info: { version: string }; paths: object };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/products', '/products/{id}']));
  });

  it('/docs serves the API reference page', async () => {
    const response = await api.request('/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('/api/v1/openapi.json');
  });
});
