import {
  claimDeliveryAttempt,
  type DeliveryJob,
  eventTypes,
  recordDeliveryAttempt,
  type Scope,
  signingSecrets,
} from '@comptoir/core';
import { decryptSecret, isEncryptedSecret, SecretDecryptionError } from '@comptoir/secrets';
import { testKeyring } from '@comptoir/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  type ApiError,
  bearer,
  callApi,
  callTrpc,
  createOk,
  expectError,
  expectInvalidBody,
  expectInvalidRequest,
  expectTrpcError,
  freshWorkspace,
  idOf,
  isoDateTime,
  type ListBody,
  type Pagination,
  unknownId,
} from './support/index.ts';

// Authentication, scopes, workspace isolation of the ids and list bounds: common-routes.test.ts.

interface Endpoint {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  status: 'enabled' | 'disabled';
  disabledReason: 'manual' | 'gone' | 'failing' | null;
  createdAt: string;
  updatedAt: string;
  secret?: string;
}
interface EventBody {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}
interface Attempt {
  deliveryId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  outcome: 'succeeded' | 'failed';
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  nextAttemptAt: string | null;
  deliveryStatus: 'pending' | 'succeeded' | 'failed';
  attemptedAt: string;
}
interface Redelivery {
  deliveries: { id: string; endpointId: string }[];
}
interface Body<T> {
  data: T;
  pagination?: Pagination;
  error?: ApiError;
}

const endpointId = idOf('whe');
const eventId = idOf('evt');
const deliveryId = idOf('dlv');
const secretPattern = /^whsec_[A-Za-z0-9+/]+={0,2}$/;
const unknownEndpoint = unknownId('whe');
const unknownEvent = unknownId('evt');
const hookUrl = 'https://hooks.example.com/comptoir';

let api: TestApi;
let headers: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi();
  const workspace = await api.make.workspace('Webhooks');
  headers = bearer((await api.make.key(workspace.id)).key);
});
afterAll(() => api.close());

/** A workspace of its own (every scope unless told), so that lists and events in it are exactly what the test made. */
const ownWorkspace = (scopes?: Scope[]) => freshWorkspace(api, scopes);

const call = <T = Endpoint>(method: string, path: string, json?: unknown, auth = headers) =>
  callApi<Body<T>>(api, method, path, json, auth);

/** What a receiver's answer looks like to the worker. */
type SendResult = Parameters<typeof recordDeliveryAttempt>[3];

/**
 * What the worker does with one attempt, through the same core functions: take it, then record
 * what the receiver answered (retries a minute apart).
 */
async function attemptAsTheWorker(job: DeliveryJob, answer: Partial<SendResult>) {
  const em = () => api.db.orm.em.fork();
  const claimed = await claimDeliveryAttempt(em(), job, 60_000);
  if (!claimed) throw new Error(`attempt ${job.attempt} not claimed`);
  const result: SendResult = {
    ok: false,
    status: null,
    durationMs: 0,
    error: null,
    retryAfter: null,
    responseBody: '',
    ...answer,
  };
  await recordDeliveryAttempt(em(), claimed, new Date(), result, [60_000]);
}

async function createEndpoint(json: Record<string, unknown> = { url: hookUrl }, auth = headers) {
  const { secret, ...view } = await createOk<Endpoint>(api, '/webhook-endpoints', json, auth);
  if (!secret) throw new Error('no secret in the 201 answer');
  return { endpoint: view, secret };
}

const newCompany = (name: string, auth = headers) =>
  createOk<Record<string, unknown>>(api, '/companies', { name }, auth);

/** The run's ENCRYPTION_KEY, which the API stores the signing secrets with. */
const keyring = testKeyring();

interface StoredEndpoint {
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  deleted_at: Date | null;
  events: string[];
}

const storedEndpoint = async (id: string) => {
  const [row] = await api.db.orm.em
    .fork()
    .execute<StoredEndpoint[]>(
      'select secret, previous_secret, previous_secret_expires_at, deleted_at, events from webhook_endpoints where id = ?',
      [id],
    );
  if (!row) throw new Error(`no endpoint row ${id}`);
  return row;
};

/**
 * The endpoint's row with its secrets opened as the worker opens them (which also checks that they
 * are stored encrypted and bound to this endpoint).
 */
const endpointRow = async (id: string): Promise<StoredEndpoint> => {
  const row = await storedEndpoint(id);
  const stored = row.previous_secret === null ? [row.secret] : [row.secret, row.previous_secret];
  expect(stored.every(isEncryptedSecret)).toBe(true);
  const [secret, previous] = signingSecrets({ id, encryptedSecrets: stored }, keyring);
  return { ...row, secret: secret as string, previous_secret: previous ?? null };
};

const deliveriesOf = (eventId: string) =>
  api.db.orm.em
    .fork()
    .execute<{ id: string; endpoint_id: string; status: string; attempts: number; generation: number }[]>(
      'select id, endpoint_id, status, attempts, generation from webhook_deliveries where event_id = ? order by endpoint_id',
      [eventId],
    );

const byEndpoint = (a: { endpointId: string }, b: { endpointId: string }) =>
  a.endpointId < b.endpointId ? -1 : 1;

describe('POST /webhook-endpoints', () => {
  it('answers 201 with the endpoint and its whsec_ secret; events default to every type', async () => {
    const before = Date.now();
    const { status, body } = await call('POST', '/webhook-endpoints', { url: hookUrl });
    expect(status).toBe(201);
    expect(body).toEqual({
      data: {
        id: endpointId,
        url: hookUrl,
        description: null,
        events: ['*'],
        status: 'enabled',
        disabledReason: null,
        createdAt: isoDateTime,
        updatedAt: isoDateTime,
        secret: expect.stringMatching(secretPattern),
      },
    });
    const secret = body.data.secret ?? '';
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(Date.parse(body.data.createdAt)).toBeGreaterThanOrEqual(before - 5_000);
    // Stored as "every type", present and future, not as today's list.
    expect((await endpointRow(body.data.id)).events).toEqual([]);
    // Each endpoint has its own secret.
    expect((await createEndpoint()).secret).not.toBe(secret);
  });

  it('keeps the given events (duplicates once), trims the description; "*" among types means all', async () => {
    const { endpoint } = await createEndpoint({
      url: 'https://erp.example.org/webhooks?source=comptoir',
      events: ['quote.sent', 'invoice.created', 'quote.sent'],
      description: '  ERP sync  ',
    });
    expect(endpoint).toEqual({
      id: endpointId,
      url: 'https://erp.example.org/webhooks?source=comptoir',
      description: 'ERP sync',
      events: ['quote.sent', 'invoice.created'],
      status: 'enabled',
      disabledReason: null,
      createdAt: isoDateTime,
      updatedAt: isoDateTime,
    });
    const star = await createEndpoint({ url: hookUrl, events: ['stock.low', '*'] });
    expect(star.endpoint.events).toEqual(['*']);
  });

  it('refuses read-only fields in the body: the id, the status and the secret are the service’s', async () => {
    const error = await expectInvalidBody(
      await call(
        'POST',
        '/webhook-endpoints',
        {
          url: hookUrl,
          id: unknownEndpoint,
          status: 'disabled',
          disabledReason: 'gone',
          secret: 'whsec_bWluZS1taW5lLW1pbmUtbWluZS1taW5lLW1pbmU=',
        },
        headers,
      ),
      'secret',
    );
    expect(error.details?.map((detail) => detail.path).sort()).toEqual([
      'disabledReason',
      'id',
      'secret',
      'status',
    ]);
  });

  it('accepts the limits: a url of 2048 characters, a description of 500, every type and "*" (14 items)', async () => {
    const longUrl = `https://hooks.example.com/${'a'.repeat(2048 - 'https://hooks.example.com/'.length)}`;
    expect(longUrl).toHaveLength(2048);
    const { endpoint } = await createEndpoint({
      url: longUrl,
      description: 'd'.repeat(500),
      events: [...eventTypes, '*'],
    });
    expect(endpoint).toMatchObject({ url: longUrl, description: 'd'.repeat(500), events: ['*'] });
    const every = await createEndpoint({ url: hookUrl, events: [...eventTypes] });
    expect(every.endpoint.events).toEqual([...eventTypes]);
    // The description is trimmed before its length is checked.
    const padded = await createEndpoint({ url: hookUrl, description: `  ${'d'.repeat(500)}  ` });
    expect(padded.endpoint.description).toBe('d'.repeat(500));
  });

  it.each([
    ['no url', {}, 'url'],
    ['a url that is not a URL', { url: 'not a url' }, 'url'],
    ['a relative url', { url: '/hooks' }, 'url'],
    ['an ftp url', { url: 'ftp://files.example.com/hook' }, 'url'],
    ['a javascript: url', { url: 'javascript:alert(1)' }, 'url'],
    ['a url of 2049 characters', { url: `https://hooks.example.com/${'a'.repeat(2023)}` }, 'url'],
    ['a url that is not a string', { url: 42 }, 'url'],
    ['a plain http url', { url: 'http://hooks.example.com/comptoir' }, 'url'],
    ['a loopback address', { url: 'https://127.0.0.1:8443/hook' }, 'url'],
    ['a loopback IPv6 address', { url: 'https://[::1]/hook' }, 'url'],
    ['a private address', { url: 'https://10.1.2.3/hook' }, 'url'],
    ['a 192.168/16 address', { url: 'https://192.168.0.10/hook' }, 'url'],
    ['a link-local address', { url: 'https://169.254.1.1/hook' }, 'url'],
    ['the cloud metadata address', { url: 'https://169.254.169.254/latest/meta-data' }, 'url'],
    ['a unique-local IPv6 address', { url: 'https://[fd12:3456::1]/hook' }, 'url'],
    ['an IPv4-mapped loopback', { url: 'https://[::ffff:7f00:1]/hook' }, 'url'],
    ['localhost', { url: 'https://localhost/hook' }, 'url'],
    ['an unknown event type', { url: hookUrl, events: ['order.created'] }, 'events.0'],
    ['an empty events array', { url: hookUrl, events: [] }, 'events'],
    ['events that are not an array', { url: hookUrl, events: 'quote.created' }, 'events'],
    ['64 events', { url: hookUrl, events: Array(64).fill('quote.created') }, 'events'],
    ['a description of 501 characters', { url: hookUrl, description: 'd'.repeat(501) }, 'description'],
    ['a description that is not a string', { url: hookUrl, description: 5 }, 'description'],
  ])('answers 400 invalid_body for %s, naming the field, and creates nothing', async (_label, json, path) => {
    const own = await ownWorkspace();
    await expectInvalidBody(await call('POST', '/webhook-endpoints', json, own.headers), path);
    const list = await call<Endpoint[]>('GET', '/webhook-endpoints', undefined, own.headers);
    expect(list.body.pagination?.total).toBe(0);
  });

  it('honours Idempotency-Key: a retried registration replays the first answer, one endpoint, one secret', async () => {
    const own = await ownWorkspace();
    const keyed = { ...own.headers, 'idempotency-key': 'register-endpoint-0001' };
    const first = await call('POST', '/webhook-endpoints', { url: hookUrl }, keyed);
    expect(first.status).toBe(201);
    const again = await call('POST', '/webhook-endpoints', { url: hookUrl }, keyed);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // The answer kept for replays shows the secret: it is stored encrypted, like the secret.
    const kept = await api.db.orm.em
      .fork()
      .execute<{ body: unknown }[]>(`select body from idempotency_keys where key = 'register-endpoint-0001'`);
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept)).not.toContain('whsec_');
    const listed = await callApi<ListBody<Endpoint>>(
      api,
      'GET',
      '/webhook-endpoints',
      undefined,
      own.headers,
    );
    expect(listed.body.pagination.total).toBe(1);
    await expectError(
      await call('POST', '/webhook-endpoints', { url: `${hookUrl}/other` }, keyed),
      422,
      'idempotency_key_mismatch',
    );
  });

  it('answers 400 invalid_body for malformed JSON', async () => {
    const response = await api.request('/api/v1/webhook-endpoints', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"url": "https://hooks.example.com",',
    });
    await expectError(response, 400, 'invalid_body');
  });
});

describe('private targets (WEBHOOK_ALLOW_PRIVATE_TARGETS=true, development only)', () => {
  it('accepts http:// and local addresses on create and PATCH', async () => {
    const development = await startTestApi({ allowPrivateWebhookTargets: true });
    try {
      const workspace = await development.make.workspace();
      const auth = { ...bearer((await development.make.key(workspace.id)).key) };
      const created = await development.request('/api/v1/webhook-endpoints', {
        method: 'POST',
        headers: auth,
        json: { url: 'http://127.0.0.1:4000/hooks' },
      });
      expect(created.status).toBe(201);
      const { data } = (await created.json()) as { data: Endpoint };
      expect(data.url).toBe('http://127.0.0.1:4000/hooks');
      const patched = await development.request(`/api/v1/webhook-endpoints/${data.id}`, {
        method: 'PATCH',
        headers: auth,
        json: { url: 'http://localhost:4000/other' },
      });
      expect(patched.status).toBe(200);
      expect(((await patched.json()) as { data: Endpoint }).data.url).toBe('http://localhost:4000/other');
    } finally {
      await development.close();
    }
  });
});

describe('GET /webhook-endpoints', () => {
  it('lists the workspace’s endpoints newest first, paged, never with a secret', async () => {
    const own = await ownWorkspace();
    const a = (await createEndpoint({ url: 'https://a.example.com/hook' }, own.headers)).endpoint;
    const b = (
      await createEndpoint({ url: 'https://b.example.com/hook', events: ['stock.out'] }, own.headers)
    ).endpoint;
    const c = (await createEndpoint({ url: 'https://c.example.com/hook', description: 'C' }, own.headers))
      .endpoint;
    const all = await call<Endpoint[]>('GET', '/webhook-endpoints', undefined, own.headers);
    expect(all.status).toBe(200);
    // toEqual on the views without `secret`: a secret in the list would fail it.
    expect(all.body).toEqual({ data: [c, b, a], pagination: { total: 3, limit: 20, offset: 0 } });
    const page = await call<Endpoint[]>('GET', '/webhook-endpoints?limit=2&offset=1', undefined, own.headers);
    expect(page.body).toEqual({ data: [b, a], pagination: { total: 3, limit: 2, offset: 1 } });
    const past = await call<Endpoint[]>('GET', '/webhook-endpoints?offset=5', undefined, own.headers);
    expect(past.body).toEqual({ data: [], pagination: { total: 3, limit: 20, offset: 5 } });
  });
});

describe('GET /webhook-endpoints/{id}', () => {
  it('answers the endpoint exactly as created, without its secret', async () => {
    const { endpoint } = await createEndpoint({
      url: hookUrl,
      events: ['quote.created'],
      description: 'Quotes',
    });
    const { status, body } = await call('GET', `/webhook-endpoints/${endpoint.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ data: endpoint });
  });
});

describe('PATCH /webhook-endpoints/{id}', () => {
  it('changes url, events and description, answers the endpoint (no secret) and keeps the secret', async () => {
    const { endpoint, secret } = await createEndpoint({ url: hookUrl, description: 'Old' });
    const { status, body } = await call('PATCH', `/webhook-endpoints/${endpoint.id}`, {
      url: 'https://new.example.com/hook',
      events: ['contact.created', 'company.created', 'contact.created'],
      description: '  New  ',
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        ...endpoint,
        url: 'https://new.example.com/hook',
        events: ['contact.created', 'company.created'],
        description: 'New',
        updatedAt: isoDateTime,
      },
    });
    expect(Date.parse(body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(endpoint.updatedAt));
    expect((await call('GET', `/webhook-endpoints/${endpoint.id}`)).body.data).toEqual(body.data);
    expect((await endpointRow(endpoint.id)).secret).toBe(secret);

    // description null clears it; ["*"] is every type again; {} changes nothing.
    const cleared = await call('PATCH', `/webhook-endpoints/${endpoint.id}`, {
      description: null,
      events: ['*'],
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({
      description: null,
      events: ['*'],
      url: 'https://new.example.com/hook',
    });
    expect((await endpointRow(endpoint.id)).events).toEqual([]);
    const nothing = await call('PATCH', `/webhook-endpoints/${endpoint.id}`, {});
    expect(nothing.status).toBe(200);
    expect(nothing.body.data).toEqual({ ...cleared.body.data, updatedAt: isoDateTime });
  });

  it('disables by hand (disabledReason manual) and enables again (disabledReason null)', async () => {
    const { endpoint } = await createEndpoint();
    const disabled = await call('PATCH', `/webhook-endpoints/${endpoint.id}`, { status: 'disabled' });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data).toMatchObject({ status: 'disabled', disabledReason: 'manual' });
    const again = await call('PATCH', `/webhook-endpoints/${endpoint.id}`, { status: 'disabled' });
    expect(again.body.data).toMatchObject({ status: 'disabled', disabledReason: 'manual' });
    expect((await call('GET', `/webhook-endpoints/${endpoint.id}`)).body.data).toMatchObject({
      status: 'disabled',
      disabledReason: 'manual',
    });
    const enabled = await call('PATCH', `/webhook-endpoints/${endpoint.id}`, { status: 'enabled' });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data).toEqual({ ...endpoint, updatedAt: isoDateTime });
  });

  it.each([
    ['an unknown status', { status: 'paused' }, 'status'],
    ['a status in capitals', { status: 'DISABLED' }, 'status'],
    ['a bad url', { url: 'hooks.example.com' }, 'url'],
    ['a null url', { url: null }, 'url'],
    ['a plain http url', { url: 'http://hooks.example.com/comptoir' }, 'url'],
    ['a loopback address', { url: 'https://127.0.0.1:8443/hook' }, 'url'],
    ['a loopback IPv6 address', { url: 'https://[::1]/hook' }, 'url'],
    ['a private address', { url: 'https://10.1.2.3/hook' }, 'url'],
    ['a 192.168/16 address', { url: 'https://192.168.0.10/hook' }, 'url'],
    ['a link-local address', { url: 'https://169.254.1.1/hook' }, 'url'],
    ['the cloud metadata address', { url: 'https://169.254.169.254/latest/meta-data' }, 'url'],
    ['a unique-local IPv6 address', { url: 'https://[fd12:3456::1]/hook' }, 'url'],
    ['an IPv4-mapped loopback', { url: 'https://[::ffff:7f00:1]/hook' }, 'url'],
    ['localhost', { url: 'https://localhost/hook' }, 'url'],
    ['a url of 2049 characters', { url: `https://hooks.example.com/${'a'.repeat(2023)}` }, 'url'],
    ['an unknown event type', { events: ['quote.created', 'quote.signed'] }, 'events.1'],
    ['an empty events array', { events: [] }, 'events'],
    ['null events', { events: null }, 'events'],
    ['a description of 501 characters', { description: 'd'.repeat(501) }, 'description'],
  ])('answers 400 invalid_body for %s, naming the field, and changes nothing', async (_label, json, path) => {
    const { endpoint } = await createEndpoint({ url: hookUrl, events: ['quote.sent'], description: 'Keep' });
    await expectInvalidBody(await call('PATCH', `/webhook-endpoints/${endpoint.id}`, json), path);
    expect((await call('GET', `/webhook-endpoints/${endpoint.id}`)).body.data).toEqual(endpoint);
  });

  it('changes the endpoint the path names: an id in the body is ignored', async () => {
    const target = (await createEndpoint()).endpoint;
    const bystander = (await createEndpoint()).endpoint;
    const { status, body } = await call('PATCH', `/webhook-endpoints/${target.id}`, {
      id: bystander.id,
      description: 'Changed through the path',
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: target.id, description: 'Changed through the path' });
    expect((await call('GET', `/webhook-endpoints/${bystander.id}`)).body.data).toEqual(bystander);
  });
});

describe('DELETE /webhook-endpoints/{id}', () => {
  it('answers 200 {ok: true}; the endpoint is then gone from every route and the list', async () => {
    const own = await ownWorkspace();
    const kept = (await createEndpoint({ url: hookUrl }, own.headers)).endpoint;
    const { endpoint } = await createEndpoint({ url: hookUrl }, own.headers);
    const deleted = await call('DELETE', `/webhook-endpoints/${endpoint.id}`, undefined, own.headers);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ data: { ok: true } });

    const path = `/webhook-endpoints/${endpoint.id}`;
    await expectError(await call('GET', path, undefined, own.headers), 404, 'not_found');
    await expectError(await call('PATCH', path, { status: 'enabled' }, own.headers), 404, 'not_found');
    await expectError(await call('POST', `${path}/rotate-secret`, undefined, own.headers), 404, 'not_found');
    await expectError(await call('GET', `${path}/deliveries`, undefined, own.headers), 404, 'not_found');
    await expectError(await call('DELETE', path, undefined, own.headers), 404, 'not_found');
    const list = await call<Endpoint[]>('GET', '/webhook-endpoints', undefined, own.headers);
    expect(list.body).toEqual({ data: [kept], pagination: { total: 1, limit: 20, offset: 0 } });
    // Soft-deleted: the row (and so its delivery log) stays.
    expect((await endpointRow(endpoint.id)).deleted_at).not.toBeNull();
  });
});

describe('POST /webhook-endpoints/{id}/rotate-secret', () => {
  it('answers 200 with a new secret; the old one keeps signing for 24 hours; GET never shows either', async () => {
    const { endpoint, secret: first } = await createEndpoint({ url: hookUrl, events: ['stock.out'] });
    const rotated = await call('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({
      data: { ...endpoint, updatedAt: isoDateTime, secret: expect.stringMatching(secretPattern) },
    });
    const second = rotated.body.data.secret ?? '';
    expect(second).not.toBe(first);
    expect(Buffer.from(second.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);
    const row = await endpointRow(endpoint.id);
    expect(row).toMatchObject({ secret: second, previous_secret: first });
    const expiresIn = new Date(row.previous_secret_expires_at ?? 0).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);

    const read = await call('GET', `/webhook-endpoints/${endpoint.id}`);
    expect(read.body.data).toEqual({ ...endpoint, updatedAt: isoDateTime });
    // A second rotation keeps only the secret it replaces.
    const third = await call('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(await endpointRow(endpoint.id)).toMatchObject({
      secret: third.body.data.secret,
      previous_secret: second,
    });
  });
});

describe('Idempotency-Key on PATCH, rotate-secret and DELETE', () => {
  it('replays a retried rotation: the same new secret, and the secret the receiver still holds keeps signing', async () => {
    const own = await ownWorkspace();
    const { endpoint, secret: held } = await createEndpoint({ url: hookUrl }, own.headers);
    const keyed = { ...own.headers, 'idempotency-key': `rotate-${endpoint.id}` };
    const path = `/webhook-endpoints/${endpoint.id}/rotate-secret`;
    const first = await call('POST', path, undefined, keyed);
    expect(first.status).toBe(200);
    const again = await call('POST', path, undefined, keyed);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const kept = await api.db.orm.em
      .fork()
      .execute<{ body: unknown }[]>('select body from idempotency_keys where key = ?', [
        `rotate-${endpoint.id}`,
      ]);
    expect(JSON.stringify(kept)).not.toContain(first.body.data.secret);
    expect(await endpointRow(endpoint.id)).toMatchObject({
      secret: first.body.data.secret,
      previous_secret: held,
    });
    // The same key for another endpoint is another request.
    const other = (await createEndpoint({ url: hookUrl }, own.headers)).endpoint;
    await expectError(
      await call('POST', `/webhook-endpoints/${other.id}/rotate-secret`, undefined, keyed),
      422,
      'idempotency_key_mismatch',
    );
  });

  it('replays a retried deletion as its first answer, not a 404', async () => {
    const own = await ownWorkspace();
    const { endpoint } = await createEndpoint({ url: hookUrl }, own.headers);
    const keyed = { ...own.headers, 'idempotency-key': `delete-${endpoint.id}` };
    const first = await call('DELETE', `/webhook-endpoints/${endpoint.id}`, undefined, keyed);
    expect(first.status).toBe(200);
    const again = await call('DELETE', `/webhook-endpoints/${endpoint.id}`, undefined, keyed);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual({ data: { ok: true } });
    // Without the key, the endpoint is simply gone.
    await expectError(
      await call('DELETE', `/webhook-endpoints/${endpoint.id}`, undefined, own.headers),
      404,
      'not_found',
    );
  });

  it('replays a retried update: the first answer, applied once; another body under the key is 422', async () => {
    const own = await ownWorkspace();
    const { endpoint } = await createEndpoint({ url: hookUrl }, own.headers);
    const keyed = { ...own.headers, 'idempotency-key': `update-${endpoint.id}` };
    const path = `/webhook-endpoints/${endpoint.id}`;
    const first = await call('PATCH', path, { description: 'First' }, keyed);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(first.body.data).toMatchObject({ id: endpoint.id, description: 'First' });
    // A change made in between, without the key: a replay must not undo it.
    expect((await call('PATCH', path, { description: 'Later' }, own.headers)).status).toBe(200);
    const again = await call('PATCH', path, { description: 'First' }, keyed);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await call('GET', path, undefined, own.headers)).body.data.description).toBe('Later');
    await expectError(
      await call('PATCH', path, { description: 'Other' }, keyed),
      422,
      'idempotency_key_mismatch',
    );
    // The answer was stored with the change, under the procedure both transports share.
    const stored = await api.db.orm.em
      .fork()
      .execute<{ endpoint: string; status: number; body: unknown }[]>(
        'select endpoint, status, body from idempotency_keys where workspace_id = ? and key = ?',
        [own.workspaceId, keyed['idempotency-key']],
      );
    expect(stored).toEqual([{ endpoint: 'webhookEndpoints.update', status: 200, body: first.body }]);
  });

  it('replays a refused update as its first answer, a 404 for another workspace’s endpoint', async () => {
    const own = await ownWorkspace();
    const { endpoint } = await createEndpoint({ url: hookUrl }, headers);
    const keyed = { ...own.headers, 'idempotency-key': `update-foreign-${endpoint.id}` };
    const path = `/webhook-endpoints/${endpoint.id}`;
    await expectError(await call('PATCH', path, { status: 'disabled' }, keyed), 404, 'not_found');
    const again = await call('PATCH', path, { status: 'disabled' }, keyed);
    await expectError(again, 404, 'not_found');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('works over tRPC too: update, rotateSecret and delete replay their first answer, marked, and apply once', async () => {
    const own = await ownWorkspace();
    const { endpoint, secret: held } = await createEndpoint({ url: hookUrl }, own.headers);
    const keyed = (name: string) => ({ ...own.headers, 'idempotency-key': `trpc-${name}-${endpoint.id}` });
    const twice = async (procedure: string, input: Record<string, unknown>, name: string) => {
      const first = await callTrpc<{ result: { data: Body<Endpoint> } }>(
        api,
        procedure,
        'mutation',
        input,
        keyed(name),
      );
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const again = await callTrpc(api, procedure, 'mutation', input, keyed(name));
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      await expectTrpcError(
        await callTrpc(api, procedure, 'mutation', { ...input, id: unknownEndpoint }, keyed(name)),
        422,
        'idempotency_key_mismatch',
      );
      return first.body.result.data.data;
    };

    const updated = await twice(
      'webhookEndpoints.update',
      { id: endpoint.id, description: 'Via tRPC' },
      'update',
    );
    expect(updated).toMatchObject({ description: 'Via tRPC' });
    const rotated = await twice('webhookEndpoints.rotateSecret', { id: endpoint.id }, 'rotate');
    expect(await endpointRow(endpoint.id)).toMatchObject({ secret: rotated.secret, previous_secret: held });
    expect(await twice('webhookEndpoints.delete', { id: endpoint.id }, 'delete')).toEqual({ ok: true });
    expect((await endpointRow(endpoint.id)).deleted_at).not.toBeNull();
  });
});

describe('signing secrets at rest', () => {
  it('are stored encrypted with ENCRYPTION_KEY, bound to their endpoint; no read, list or log line holds them', async () => {
    const own = await ownWorkspace();
    const { endpoint, secret: first } = await createEndpoint({ url: hookUrl }, own.headers);
    const path = `/webhook-endpoints/${endpoint.id}`;
    const second =
      (await call('POST', `${path}/rotate-secret`, undefined, own.headers)).body.data.secret ?? '';
    const clear = [first, second].flatMap((secret) => [secret, secret.slice('whsec_'.length)]);

    // The row holds neither secret in any form, only values that open to them for this endpoint.
    const [raw] = await api.db.orm.em
      .fork()
      .execute<Record<string, unknown>[]>('select * from webhook_endpoints where id = ?', [endpoint.id]);
    const rowText = JSON.stringify(raw);
    for (const text of clear) expect(rowText).not.toContain(text);
    const row = await storedEndpoint(endpoint.id);
    expect(row.secret).toMatch(new RegExp(`^enc:v1:${keyring.currentKeyId}:`));
    const binding = `webhook_endpoints.secret:${endpoint.id}`;
    expect(decryptSecret(row.secret, keyring, binding)).toBe(second);
    expect(decryptSecret(row.previous_secret ?? '', keyring, binding)).toBe(first);
    // Copied onto another endpoint, the value does not open.
    const other = (await createEndpoint({ url: hookUrl }, own.headers)).endpoint;
    expect(() => decryptSecret(row.secret, keyring, `webhook_endpoints.secret:${other.id}`)).toThrow(
      SecretDecryptionError,
    );

    // Every read of the endpoint, and every line the API logged, is without them.
    const reads = [
      await call('GET', path, undefined, own.headers),
      await call('GET', '/webhook-endpoints', undefined, own.headers),
      await call('PATCH', path, { description: 'Read back' }, own.headers),
      await call('GET', `${path}/deliveries`, undefined, own.headers),
      await call('GET', '/events', undefined, own.headers),
      await callTrpc(api, 'webhookEndpoints.get', 'query', { id: endpoint.id }, own.headers),
      await callTrpc(api, 'webhookEndpoints.list', 'query', {}, own.headers),
    ];
    for (const read of reads) expect(read.status).toBe(200);
    const shown = JSON.stringify([reads.map((read) => read.body), api.logs]);
    for (const text of clear) expect(shown).not.toContain(text);

    // And the database refuses a secret in clear, whatever writes it.
    await expect(
      api.db.orm.em
        .fork()
        .execute('update webhook_endpoints set secret = ? where id = ?', [first, endpoint.id]),
    ).rejects.toThrow(/webhook_endpoints_secret_encrypted/);
    await expect(
      api.db.orm.em
        .fork()
        .execute('update webhook_endpoints set previous_secret = ? where id = ?', [first, endpoint.id]),
    ).rejects.toThrow(/webhook_endpoints_previous_secret_encrypted/);
  });
});

describe('GET /webhook-endpoints/{id}/deliveries', () => {
  it('answers an empty page for a new endpoint', async () => {
    const { endpoint } = await createEndpoint();
    const { status, body } = await call<Attempt[]>('GET', `/webhook-endpoints/${endpoint.id}/deliveries`);
    expect(status).toBe(200);
    expect(body).toEqual({ data: [], pagination: { total: 0, limit: 20, offset: 0 } });
  });

  it('lists every attempt newest first: status, code, duration, error, next attempt time', async () => {
    const own = await ownWorkspace();
    const { endpoint } = await createEndpoint({ url: hookUrl, events: ['company.created'] }, own.headers);
    await newCompany('Delivered SA', own.headers);
    const events = await call<EventBody[]>('GET', '/events', undefined, own.headers);
    const event = events.body.data[0] as EventBody;
    const redelivered = await call<Redelivery>('POST', `/events/${event.id}/redeliver`, {}, own.headers);
    const delivery = redelivered.body.data.deliveries[0];
    if (!delivery) throw new Error('no delivery');

    // A timeout, then a 200.
    const job = { deliveryId: delivery.id, endpointId: endpoint.id, generation: 0, dueAt: Date.now() };
    await attemptAsTheWorker({ ...job, attempt: 1 }, { status: null, durationMs: 5000, error: 'timeout' });
    const pending = await call<Attempt[]>(
      'GET',
      `/webhook-endpoints/${endpoint.id}/deliveries`,
      undefined,
      own.headers,
    );
    expect(pending.body).toEqual({
      data: [
        {
          deliveryId: delivery.id,
          eventId: event.id,
          eventType: 'company.created',
          attempt: 1,
          outcome: 'failed',
          statusCode: null,
          durationMs: 5000,
          error: 'timeout',
          nextAttemptAt: isoDateTime,
          deliveryStatus: 'pending',
          attemptedAt: isoDateTime,
        },
      ],
      pagination: { total: 1, limit: 20, offset: 0 },
    });
    const retryIn = Date.parse(pending.body.data[0]?.nextAttemptAt ?? '') - Date.now();
    expect(retryIn).toBeGreaterThan(30_000);
    expect(retryIn).toBeLessThanOrEqual(66_000);

    await attemptAsTheWorker(
      { ...job, attempt: 2 },
      { ok: true, status: 200, durationMs: 12, responseBody: 'ok' },
    );
    const done = await call<Attempt[]>(
      'GET',
      `/webhook-endpoints/${endpoint.id}/deliveries`,
      undefined,
      own.headers,
    );
    expect(done.body.pagination).toEqual({ total: 2, limit: 20, offset: 0 });
    expect(done.body.data.map((attempt) => [attempt.attempt, attempt.outcome, attempt.statusCode])).toEqual([
      [2, 'succeeded', 200],
      [1, 'failed', null],
    ]);
    expect(done.body.data[0]).toMatchObject({ durationMs: 12, error: null, nextAttemptAt: null });
    expect(done.body.data.every((attempt) => attempt.deliveryStatus === 'succeeded')).toBe(true);
    const page = await call<Attempt[]>(
      'GET',
      `/webhook-endpoints/${endpoint.id}/deliveries?limit=1&offset=1`,
      undefined,
      own.headers,
    );
    expect(page.body.data.map((attempt) => attempt.attempt)).toEqual([1]);
    expect(page.body.pagination).toEqual({ total: 2, limit: 1, offset: 1 });
  });

  it('shows a 410 as a failed delivery, disables the endpoint (gone) and records webhook_endpoint.disabled', async () => {
    const own = await ownWorkspace();
    const { endpoint } = await createEndpoint({ url: hookUrl, events: ['company.created'] }, own.headers);
    await newCompany('Gone SARL', own.headers);
    const [event] = (await call<EventBody[]>('GET', '/events', undefined, own.headers)).body.data;
    if (!event) throw new Error('no event');
    const redelivered = await call<Redelivery>(
      'POST',
      `/events/${event.id}/redeliver`,
      { endpointId: endpoint.id },
      own.headers,
    );
    const delivery = redelivered.body.data.deliveries[0];
    if (!delivery) throw new Error('no delivery');
    await attemptAsTheWorker(
      { deliveryId: delivery.id, endpointId: endpoint.id, generation: 0, attempt: 1, dueAt: Date.now() },
      { status: 410, durationMs: 30, responseBody: 'gone' },
    );

    const log = await call<Attempt[]>(
      'GET',
      `/webhook-endpoints/${endpoint.id}/deliveries`,
      undefined,
      own.headers,
    );
    expect(log.body.data).toEqual([
      {
        deliveryId: delivery.id,
        eventId: event.id,
        eventType: 'company.created',
        attempt: 1,
        outcome: 'failed',
        statusCode: 410,
        durationMs: 30,
        error: null,
        nextAttemptAt: null,
        deliveryStatus: 'failed',
        attemptedAt: isoDateTime,
      },
    ]);
    const read = await call('GET', `/webhook-endpoints/${endpoint.id}`, undefined, own.headers);
    expect(read.body.data).toEqual({
      ...endpoint,
      status: 'disabled',
      disabledReason: 'gone',
      updatedAt: isoDateTime,
    });
    const disabledEvents = await call<EventBody[]>(
      'GET',
      '/events?type=webhook_endpoint.disabled',
      undefined,
      own.headers,
    );
    expect(disabledEvents.body).toEqual({
      data: [
        // the worker's change: no actor
        {
          id: eventId,
          type: 'webhook_endpoint.disabled',
          timestamp: isoDateTime,
          actor: null,
          data: read.body.data,
        },
      ],
      pagination: { total: 1, limit: 20, offset: 0 },
    });

    // A disabled endpoint takes no redelivery until enabled again, which clears the reason.
    const refused = await call(
      'POST',
      `/events/${event.id}/redeliver`,
      { endpointId: endpoint.id },
      own.headers,
    );
    await expectError(refused, 409, 'webhook_endpoint_disabled');
    const enabled = await call(
      'PATCH',
      `/webhook-endpoints/${endpoint.id}`,
      { status: 'enabled' },
      own.headers,
    );
    expect(enabled.body.data).toMatchObject({ status: 'enabled', disabledReason: null });
    const retried = await call<Redelivery>(
      'POST',
      `/events/${event.id}/redeliver`,
      { endpointId: endpoint.id },
      own.headers,
    );
    expect(retried.status).toBe(200);
    expect(retried.body.data).toEqual({ deliveries: [{ id: delivery.id, endpointId: endpoint.id }] });
    expect(await deliveriesOf(event.id)).toEqual([
      { id: delivery.id, endpoint_id: endpoint.id, status: 'pending', attempts: 0, generation: 1 },
    ]);
  });
});

/** The actor of an event a key's request recorded (issue 33; webhook payloads do not carry it). */
const byKey = { kind: 'key', id: expect.stringMatching(/^key_[0-9a-z]{26}$/) };

describe('GET /events', () => {
  it('lists the workspace’s events newest first as {id, type, timestamp, actor, data}, filtered by type, paged', async () => {
    const own = await ownWorkspace();
    const before = Date.now();
    // Endpoint changes are not events.
    await createEndpoint({ url: hookUrl }, own.headers);
    const first = await newCompany('Alpha', own.headers);
    const second = await newCompany('Beta', own.headers);
    const quote = await call<Record<string, unknown>>(
      'POST',
      '/quotes',
      {
        clientName: 'Mairie de Sète',
        clientEmail: 'culture@sete.test',
        lines: [{ title: 'Menu', quantity: 2, unitPrice: 45, taxRate: 10 }],
      },
      own.headers,
    );
    expect(quote.status).toBe(201);

    const all = await call<EventBody[]>('GET', '/events', undefined, own.headers);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      data: [
        { id: eventId, type: 'quote.created', timestamp: isoDateTime, actor: byKey, data: quote.body.data },
        { id: eventId, type: 'company.created', timestamp: isoDateTime, actor: byKey, data: second },
        { id: eventId, type: 'company.created', timestamp: isoDateTime, actor: byKey, data: first },
      ],
      pagination: { total: 3, limit: 20, offset: 0 },
    });
    for (const event of all.body.data) {
      expect(Date.parse(event.timestamp)).toBeGreaterThanOrEqual(before - 5_000);
      expect(Date.parse(event.timestamp)).toBeLessThanOrEqual(Date.now() + 5_000);
    }

    const companies = await call<EventBody[]>('GET', '/events?type=company.created', undefined, own.headers);
    expect(companies.body).toEqual({
      data: [all.body.data[1], all.body.data[2]],
      pagination: { total: 2, limit: 20, offset: 0 },
    });
    const none = await call<EventBody[]>('GET', '/events?type=quote.sent', undefined, own.headers);
    expect(none.body).toEqual({ data: [], pagination: { total: 0, limit: 20, offset: 0 } });
    const page = await call<EventBody[]>('GET', '/events?limit=1&offset=1', undefined, own.headers);
    expect(page.body).toEqual({ data: [all.body.data[1]], pagination: { total: 3, limit: 1, offset: 1 } });
  });

  it.each(['type=order.created', 'type=COMPANY.CREATED', 'type='])(
    'answers 400 invalid_request for %s, naming the parameter',
    async (query) => {
      await expectInvalidRequest(await call('GET', `/events?${query}`), 'type');
    },
  );
});

describe('GET /events/{id}', () => {
  it('answers the event as the list shows it', async () => {
    const own = await ownWorkspace();
    const company = await newCompany('Single', own.headers);
    const [listed] = (await call<EventBody[]>('GET', '/events', undefined, own.headers)).body.data;
    if (!listed) throw new Error('no event');
    const { status, body } = await call<EventBody>('GET', `/events/${listed.id}`, undefined, own.headers);
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        id: listed.id,
        type: 'company.created',
        timestamp: listed.timestamp,
        actor: byKey,
        data: company,
      },
    });
  });
});

describe('POST /events/{id}/redeliver', () => {
  async function scene() {
    const own = await ownWorkspace();
    const make = async (json: Record<string, unknown>) => (await createEndpoint(json, own.headers)).endpoint;
    const everything = await make({ url: 'https://all.example.com/hook' });
    const companies = await make({ url: 'https://crm.example.com/hook', events: ['company.created'] });
    const quotes = await make({ url: 'https://quotes.example.com/hook', events: ['quote.created'] });
    const disabled = await make({ url: 'https://off.example.com/hook' });
    await call('PATCH', `/webhook-endpoints/${disabled.id}`, { status: 'disabled' }, own.headers);
    const deleted = await make({ url: 'https://deleted.example.com/hook' });
    await call('DELETE', `/webhook-endpoints/${deleted.id}`, undefined, own.headers);
    await newCompany('Redelivered', own.headers);
    const [event] = (await call<EventBody[]>('GET', '/events', undefined, own.headers)).body.data;
    if (!event) throw new Error('no event');
    return { ...own, event, everything, companies, quotes, disabled, deleted };
  }

  it('delivers again to every enabled endpoint subscribed to the type, and to those only', async () => {
    const { headers: auth, event, everything, companies } = await scene();
    // No body at all: every subscribed endpoint.
    const { status, body } = await call<Redelivery>('POST', `/events/${event.id}/redeliver`, undefined, auth);
    expect(status).toBe(200);
    const expected = [
      { id: deliveryId, endpointId: everything.id },
      { id: deliveryId, endpointId: companies.id },
    ].sort(byEndpoint);
    expect({ deliveries: [...body.data.deliveries].sort(byEndpoint) }).toEqual({ deliveries: expected });
    const rows = await deliveriesOf(event.id);
    expect(rows.map((row) => [row.id, row.endpoint_id, row.status, row.attempts, row.generation])).toEqual(
      [...body.data.deliveries]
        .sort(byEndpoint)
        .map((delivery) => [delivery.id, delivery.endpointId, 'pending', 0, 0]),
    );

    // Again, with an empty body: the same deliveries, from a fresh schedule (next generation).
    const again = await call<Redelivery>('POST', `/events/${event.id}/redeliver`, {}, auth);
    expect(again.status).toBe(200);
    expect([...again.body.data.deliveries].sort(byEndpoint)).toEqual(
      [...body.data.deliveries].sort(byEndpoint),
    );
    expect((await deliveriesOf(event.id)).map((row) => row.generation)).toEqual([1, 1]);
  });

  it('delivers again to one endpoint given as endpointId', async () => {
    const { headers: auth, event, everything, companies } = await scene();
    const { status, body } = await call<Redelivery>(
      'POST',
      `/events/${event.id}/redeliver`,
      { endpointId: companies.id },
      auth,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ data: { deliveries: [{ id: deliveryId, endpointId: companies.id }] } });
    const rows = await deliveriesOf(event.id);
    expect(rows.map((row) => row.endpoint_id)).toEqual([companies.id]);
    expect(rows.map((row) => row.endpoint_id)).not.toContain(everything.id);
  });

  it('refuses an endpoint not subscribed to the type (409 webhook_endpoint_not_subscribed) or disabled (409 webhook_endpoint_disabled)', async () => {
    const { headers: auth, event, quotes, disabled } = await scene();
    for (const [endpoint, code] of [
      [quotes, 'webhook_endpoint_not_subscribed'],
      [disabled, 'webhook_endpoint_disabled'],
    ] as const) {
      await expectError(
        await call('POST', `/events/${event.id}/redeliver`, { endpointId: endpoint.id }, auth),
        409,
        code,
      );
    }
    expect(await deliveriesOf(event.id)).toEqual([]);
  });

  it('answers 404 webhook_endpoint_not_found for an unknown, malformed or deleted endpoint, and 404 not_found for an unknown event', async () => {
    const { headers: auth, event, deleted, companies } = await scene();
    for (const id of [unknownEndpoint, 'nope', deleted.id]) {
      await expectError(
        await call('POST', `/events/${event.id}/redeliver`, { endpointId: id }, auth),
        404,
        'webhook_endpoint_not_found',
      );
    }
    for (const id of [unknownEvent, 'nope']) {
      await expectError(await call('POST', `/events/${id}/redeliver`, {}, auth), 404, 'not_found');
      await expectError(
        await call('POST', `/events/${id}/redeliver`, { endpointId: companies.id }, auth),
        404,
        'not_found',
      );
    }
    expect(await deliveriesOf(event.id)).toEqual([]);
  });

  it.each([
    ['an empty endpointId', { endpointId: '' }],
    ['an endpointId of 65 characters', { endpointId: `whe_${'0'.repeat(61)}` }],
    ['an endpointId that is not a string', { endpointId: 7 }],
  ])('answers 400 invalid_body for %s', async (_label, json) => {
    await expectInvalidBody(await call('POST', `/events/${unknownEvent}/redeliver`, json), 'endpointId');
  });
});

describe('workspace isolation', () => {
  // The 404 of every route for another workspace's ids is in common-routes.test.ts.
  it('lists none of another workspace’s endpoints and events, and redelivers no event across workspaces', async () => {
    const mine = await ownWorkspace();
    const { endpoint, secret } = await createEndpoint({ url: hookUrl }, mine.headers);
    await newCompany('Mine', mine.headers);
    const [event] = (await call<EventBody[]>('GET', '/events', undefined, mine.headers)).body.data;
    if (!event) throw new Error('no event');

    const other = await ownWorkspace();
    const theirs = (await createEndpoint({ url: 'https://theirs.example.com/hook' }, other.headers)).endpoint;
    const path = `/webhook-endpoints/${endpoint.id}`;
    // My event, to their own endpoint.
    await expectError(
      await call('POST', `/events/${event.id}/redeliver`, { endpointId: theirs.id }, other.headers),
      404,
      'not_found',
    );
    const list = await call<Endpoint[]>('GET', '/webhook-endpoints', undefined, other.headers);
    expect(list.body).toEqual({ data: [theirs], pagination: { total: 1, limit: 20, offset: 0 } });
    const events = await call<EventBody[]>('GET', '/events', undefined, other.headers);
    expect(events.body).toEqual({ data: [], pagination: { total: 0, limit: 20, offset: 0 } });

    // Their own event cannot be sent to my endpoint either.
    await newCompany('Theirs', other.headers);
    const [theirEvent] = (await call<EventBody[]>('GET', '/events', undefined, other.headers)).body.data;
    if (!theirEvent) throw new Error('no event');
    await expectError(
      await call('POST', `/events/${theirEvent.id}/redeliver`, { endpointId: endpoint.id }, other.headers),
      404,
      'webhook_endpoint_not_found',
    );
    const all = await call<Redelivery>('POST', `/events/${theirEvent.id}/redeliver`, {}, other.headers);
    expect(all.body.data).toEqual({ deliveries: [{ id: deliveryId, endpointId: theirs.id }] });

    // My endpoint is untouched.
    expect((await call('GET', path, undefined, mine.headers)).body.data).toEqual(endpoint);
    expect(await endpointRow(endpoint.id)).toMatchObject({ secret, previous_secret: null, deleted_at: null });
    expect(await deliveriesOf(event.id)).toEqual([]);
  });
});
