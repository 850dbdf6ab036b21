import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import {
  createCompany,
  createContact,
  createEndpoint,
  deliveryBacklog,
  listDeliveryAttempts,
  redeliverEvent,
  rotateEndpointSecret,
  updateEndpoint,
} from '@comptoir/core';
import { factories } from '@comptoir/core/factories';
import { createTestDatabase, type TestDatabase, testKeyring } from '@comptoir/testing';
import { Registry } from 'prom-client';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWebhookWorker } from '../src/webhooks.ts';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real receiver on 127.0.0.1: each path answers the statuses it is given, then 200. */
async function startReceiver() {
  const received: Received[] = [];
  const plans = new Map<string, number[]>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body });
      const status = plans.get(path)?.shift() ?? 200;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: (path: string) => `http://127.0.0.1:${address.port}${path}`,
    received,
    answer: (path: string, statuses: number[]) => plans.set(path, statuses),
    at: (path: string) => received.filter((item) => item.path === path),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The receiver listens on 127.0.0.1, which only a development setting lets endpoints use. */
const localReceiver = { allowPrivateTargets: true };
/** The run's ENCRYPTION_KEY: the endpoints' secrets are stored with it, the worker opens them with it. */
const keyring = testKeyring();

let db: TestDatabase;
let workspaceId: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let worker: Awaited<ReturnType<typeof startWebhookWorker>>;
const registry = new Registry();
/** What the worker logged: messages with their details. */
const logged: { message: string; details: object }[] = [];
const keep = (details: object, message: string) => logged.push({ message, details });

beforeAll(async () => {
  db = await createTestDatabase();
  workspaceId = (await factories(db.orm).workspace()).id;
  receiver = await startReceiver();
  worker = await startWebhookWorker({
    orm: db.orm,
    databaseUrl: db.url,
    redisUrl: inject('redisUrl'),
    retrySchedule: [100, 100, 100],
    allowPrivateTargets: true,
    keyring,
    registry,
    log: { info: keep, warn: keep, error: keep },
    prefix: `comptoir-test-${randomBytes(4).toString('hex')}`,
    pollMs: 100,
    timeoutMs: 2000,
  });
});
afterAll(async () => {
  await worker.stop();
  await receiver.close();
  await db.drop();
});

async function until<T>(check: () => T | Promise<T>, timeoutMs = 8000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const em = () => db.orm.em.fork();
const eventIdOf = async (type: string, recordId: string) => {
  const [row] = await em().execute<{ id: string }[]>(
    "select id from events where type = ? and data->>'id' = ?",
    [type, recordId],
  );
  return row?.id as string;
};

describe('webhook delivery', () => {
  it('POSTs {id, type, timestamp, data}, signed per Standard Webhooks, with webhook-id = event id', async () => {
    const endpoint = await createEndpoint(
      em(),
      workspaceId,
      {
        url: receiver.url('/signed'),
        events: ['company.created'],
      },
      keyring,
      localReceiver,
    );
    const company = await createCompany(em(), workspaceId, { name: 'Signée SARL' });
    const [delivery] = await until(() => (receiver.at('/signed').length > 0 ? receiver.at('/signed') : null));
    const eventId = await eventIdOf('company.created', company.id);
    expect(delivery?.headers['webhook-id']).toBe(eventId);
    const payload = new Webhook(endpoint.secret).verify(delivery?.body ?? '', {
      'webhook-id': String(delivery?.headers['webhook-id']),
      'webhook-timestamp': String(delivery?.headers['webhook-timestamp']),
      'webhook-signature': String(delivery?.headers['webhook-signature']),
    });
    expect(payload).toEqual({
      id: eventId,
      type: 'company.created',
      timestamp: expect.any(String),
      data: company,
    });
  });

  it('retries a receiver answering 500 twice: three attempts, one webhook-id, all in the delivery log', async () => {
    receiver.answer('/flaky', [500, 500]);
    const endpoint = await createEndpoint(
      em(),
      workspaceId,
      {
        url: receiver.url('/flaky'),
        events: ['company.created'],
      },
      keyring,
      localReceiver,
    );
    await createCompany(em(), workspaceId, { name: 'Instable' });
    await until(async () =>
      (await listDeliveryAttempts(em(), workspaceId, endpoint.id, { limit: 10, offset: 0 })).items.some(
        (attempt) => attempt.outcome === 'succeeded',
      ),
    );
    const attempts = receiver.at('/flaky');
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((attempt) => attempt.headers['webhook-id'])).size).toBe(1);
    const log = await listDeliveryAttempts(em(), workspaceId, endpoint.id, { limit: 10, offset: 0 });
    expect(log.items.map((attempt) => [attempt.attempt, attempt.statusCode, attempt.outcome])).toEqual([
      [3, 200, 'succeeded'],
      [2, 500, 'failed'],
      [1, 500, 'failed'],
    ]);
    expect(log.items[1]?.nextAttemptAt).not.toBeNull();
    expect(log.items[0]?.deliveryStatus).toBe('succeeded');
  });

  it('fails the delivery once the schedule is spent', async () => {
    receiver.answer('/down', [500, 500, 500, 500, 500]);
    const endpoint = await createEndpoint(
      em(),
      workspaceId,
      {
        url: receiver.url('/down'),
        events: ['company.created'],
      },
      keyring,
      localReceiver,
    );
    await createCompany(em(), workspaceId, { name: 'Injoignable' });
    const log = await until(async () => {
      const page = await listDeliveryAttempts(em(), workspaceId, endpoint.id, { limit: 10, offset: 0 });
      return page.items[0]?.deliveryStatus === 'failed' ? page : null;
    });
    expect(log.items).toHaveLength(4);
    expect(log.items[0]?.nextAttemptAt).toBeNull();
  });

  it('sends only the subscribed types, nothing to a disabled endpoint, and redelivers on request', async () => {
    await createEndpoint(
      em(),
      workspaceId,
      {
        url: receiver.url('/contacts-only'),
        events: ['contact.created'],
      },
      keyring,
      localReceiver,
    );
    const disabled = await createEndpoint(
      em(),
      workspaceId,
      {
        url: receiver.url('/disabled'),
        events: ['contact.created'],
      },
      keyring,
      localReceiver,
    );
    await updateEndpoint(em(), workspaceId, disabled.id, { status: 'disabled' });
    await createCompany(em(), workspaceId, { name: 'Pas pour eux' });
    const contact = await createContact(em(), workspaceId, { name: 'Léa', email: 'lea@example.test' });
    await until(() => receiver.at('/contacts-only').length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.at('/contacts-only').map((item) => JSON.parse(item.body).type)).toEqual([
      'contact.created',
    ]);
    expect(receiver.at('/disabled')).toEqual([]);

    const eventId = await eventIdOf('contact.created', contact.id);
    await redeliverEvent(em(), workspaceId, eventId);
    await until(() => receiver.at('/contacts-only').length === 2);
    expect(receiver.at('/contacts-only')[1]?.headers['webhook-id']).toBe(eventId);
    expect(receiver.at('/disabled')).toEqual([]);
  });

  it('disables an endpoint answering 410 and records webhook_endpoint.disabled', async () => {
    receiver.answer('/gone', [410]);
    const endpoint = await createEndpoint(
      em(),
      workspaceId,
      {
        url: receiver.url('/gone'),
        events: ['company.created'],
      },
      keyring,
      localReceiver,
    );
    await createCompany(em(), workspaceId, { name: 'Partie' });
    const [row] = await until(async () => {
      const rows = await em().execute<{ status: string; disabled_reason: string }[]>(
        'select status, disabled_reason from webhook_endpoints where id = ?',
        [endpoint.id],
      );
      return rows[0]?.status === 'disabled' ? rows : null;
    });
    expect(row).toEqual({ status: 'disabled', disabled_reason: 'gone' });
    expect(receiver.at('/gone')).toHaveLength(1);
    const events = await em().execute<{ data: { id: string } }[]>(
      "select data from events where type = 'webhook_endpoint.disabled'",
    );
    expect(events.map((event) => event.data.id)).toContain(endpoint.id);
  });

  it('disables an endpoint failing for 5 days, at its next failure', async () => {
    receiver.answer('/failing', [500]);
    const endpoint = await createEndpoint(
      em(),
      workspaceId,
      {
        url: receiver.url('/failing'),
        events: ['company.created'],
      },
      keyring,
      localReceiver,
    );
    await em().execute(
      "update webhook_endpoints set failing_since = now() - interval '5 days 1 hour' where id = ?",
      [endpoint.id],
    );
    await createCompany(em(), workspaceId, { name: 'Toujours en panne' });
    const [row] = await until(async () => {
      const rows = await em().execute<{ status: string; disabled_reason: string }[]>(
        'select status, disabled_reason from webhook_endpoints where id = ?',
        [endpoint.id],
      );
      return rows[0]?.status === 'disabled' ? rows : null;
    });
    expect(row).toEqual({ status: 'disabled', disabled_reason: 'failing' });
    expect(receiver.at('/failing')).toHaveLength(1);
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const endpoint = await createEndpoint(
      em(),
      workspaceId,
      {
        url: receiver.url('/rotated'),
        events: ['company.created'],
      },
      keyring,
      localReceiver,
    );
    const rotated = await rotateEndpointSecret(em(), workspaceId, endpoint.id, keyring);
    expect(rotated.secret).not.toBe(endpoint.secret);
    await createCompany(em(), workspaceId, { name: 'Tournante' });
    const [delivery] = await until(() =>
      receiver.at('/rotated').length > 0 ? receiver.at('/rotated') : null,
    );
    const headers = {
      'webhook-id': String(delivery?.headers['webhook-id']),
      'webhook-timestamp': String(delivery?.headers['webhook-timestamp']),
      'webhook-signature': String(delivery?.headers['webhook-signature']),
    };
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [endpoint.secret, rotated.secret]) {
      expect(new Webhook(secret).verify(delivery?.body ?? '', headers)).toMatchObject({
        type: 'company.created',
      });
    }
  });

  it('sends nothing with a secret that does not open for its endpoint: a failed attempt, retried, logged without it', async () => {
    const source = await createEndpoint(
      em(),
      workspaceId,
      { url: receiver.url('/source'), events: ['contact.created'] },
      keyring,
      localReceiver,
    );
    const copied = await createEndpoint(
      em(),
      workspaceId,
      { url: receiver.url('/copied'), events: ['company.created'] },
      keyring,
      localReceiver,
    );
    // Another endpoint's stored secret, copied onto this row: encrypted, but bound to the other one.
    await em().execute(
      'update webhook_endpoints set secret = (select secret from webhook_endpoints where id = ?) where id = ?',
      [source.id, copied.id],
    );
    await createCompany(em(), workspaceId, { name: 'Copiée' });
    const attempts = await until(async () => {
      const page = await listDeliveryAttempts(em(), workspaceId, copied.id, { limit: 10, offset: 0 });
      return page.items.length >= 2 ? page.items : null;
    });
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({
        outcome: 'failed',
        statusCode: null,
        error: expect.stringMatching(/^signing_secret_unreadable: the secret does not decrypt/),
      });
    }
    expect(receiver.at('/copied')).toEqual([]);
    expect(logged).toContainEqual({
      message: expect.stringContaining('ENCRYPTION_KEY'),
      details: expect.objectContaining({ endpointId: copied.id, reason: 'not_authentic' }),
    });
    const shown = JSON.stringify(logged);
    for (const secret of [source.secret, copied.secret]) expect(shown).not.toContain(secret.slice(6));
  });

  it('reports deliveries, queue depth and the database backlog as metrics', async () => {
    await until(async () => (await deliveryBacklog(em())).due === 0);
    const metrics = await registry.metrics();
    expect(metrics).toMatch(/^webhook_deliveries_total\{outcome="succeeded"\} [1-9]/m);
    expect(metrics).toMatch(/^webhook_deliveries_total\{outcome="retrying"\} [1-9]/m);
    expect(metrics).toMatch(/^webhook_delivery_duration_seconds_count [1-9]/m);
    expect(metrics).toMatch(/^webhook_event_to_delivery_seconds_count [1-9]/m);
    for (const state of ['waiting', 'prioritized', 'active', 'delayed', 'failed']) {
      expect(metrics).toMatch(new RegExp(`^webhook_queue_jobs\\{state="${state}"\\} \\d+`, 'm'));
    }
  });
});
