import { randomBytes } from 'node:crypto';
import { deliveryQueue } from '@comptoir/core';
import { workspaceWithKey } from '@comptoir/core/factories';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { bearer } from './support/index.ts';

const adminToken = randomBytes(24).toString('base64url');
const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ adminToken });
});
afterAll(() => api.close());

describe('queue dashboard (/admin/queues)', () => {
  it('is off without ADMIN_TOKEN', async () => {
    const closed = await startTestApi();
    try {
      const response = await closed.request('/admin/queues', { headers: bearer(adminToken) });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    } finally {
      await closed.close();
    }
  });

  it('asks for the token with a Basic challenge, so a browser can prompt for it', async () => {
    const response = await api.request('/admin/queues');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="Comptoir queues", charset="UTF-8"');
    expect(await response.json()).toEqual({
      error: { code: 'missing_authorization', message: expect.any(String) },
    });
  });

  it('refuses a wrong token, by either scheme, and API keys', async () => {
    const { key } = await workspaceWithKey(api.db.orm);
    const apiKey = key.key;
    for (const headers of [
      bearer('not-the-admin-token'),
      basic('admin', 'not-the-admin-token'),
      basic(adminToken, ''),
      bearer(apiKey),
    ]) {
      const response = await api.request('/admin/queues/api/queues', { headers });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_key');
    }
  });

  it('serves the dashboard to the token as a Basic password or a Bearer token', async () => {
    const page = await api.request('/admin/queues', { headers: basic('operator', adminToken) });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('/admin/queues');
    const viaBearer = await api.request('/admin/queues', { headers: bearer(adminToken) });
    expect(viaBearer.status).toBe(200);
  });

  it('shows the webhook delivery queue and its jobs', async () => {
    const queue = new Queue(deliveryQueue.name, {
      connection: { url: inject('redisUrl') },
      prefix: deliveryQueue.prefix,
    });
    const jobId = `dashboard-test-${randomBytes(6).toString('hex')}`;
    try {
      await queue.add('deliver', { probe: true }, { jobId, delay: 3_600_000 });
      const response = await api.request(
        '/admin/queues/api/queues?activeQueue=webhook-deliveries&status=delayed',
        {
          headers: bearer(adminToken),
        },
      );
      expect(response.status).toBe(200);
      const { queues } = (await response.json()) as {
        queues: { name: string; counts: Record<string, number>; jobs: { id: string }[] }[];
      };
      const deliveries = queues.find((item) => item.name === deliveryQueue.name);
      expect(deliveries?.counts.delayed).toBeGreaterThanOrEqual(1);
      expect(deliveries?.jobs.map((job) => job.id)).toContain(jobId);

      // Actions work through the API's body handling (a PUT without a body, as the UI sends).
      const pause = await api.request(`/admin/queues/api/queues/${deliveryQueue.name}/pause`, {
        method: 'PUT',
        headers: bearer(adminToken),
      });
      expect(pause.status).toBe(200);
      expect(await queue.isPaused()).toBe(true);
      await api.request(`/admin/queues/api/queues/${deliveryQueue.name}/resume`, {
        method: 'PUT',
        headers: bearer(adminToken),
      });
      expect(await queue.isPaused()).toBe(false);
    } finally {
      await queue.resume();
      await queue.remove(jobId);
      await queue.close();
    }
  });
});
