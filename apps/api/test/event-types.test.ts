import { createComptoirClient } from '@comptoir/client';
import { eventCatalog, eventTypes } from '@comptoir/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { hasProcedure, producers, runEventScenario } from './support/event-scenario.ts';
import {
  bearer,
  callApi,
  callTrpc,
  eventsOfWorkspace,
  expectError,
  expectInvalidBody,
  freshWorkspace,
  getOk,
  type Workspace,
} from './support/index.ts';

// GET /event-types (rulings: "Event types"), and the proof that it tells the truth: every event
// a scenario records, through every use case the router has, validates against its schema.

interface EventTypeBody {
  type: string;
  description: string;
  schema: Record<string, unknown>;
}

let api: TestApi;
let home: Workspace;

beforeAll(async () => {
  // The scenario connects the workspace to a local e-invoicing platform, on 127.0.0.1.
  api = await startTestApi({ allowPrivateWebhookTargets: true });
  home = await freshWorkspace(api);
});
afterAll(() => api.close());

// ajv-formats is CommonJS: its plugin is `module.exports` and, typed, its `default`.
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajvFormats.default(ajv);

describe('the event catalog', () => {
  it('has an entry for every event type, and for no other', () => {
    expect(Object.keys(eventCatalog).sort()).toEqual([...eventTypes].sort());
  });
});

describe('GET /event-types', () => {
  it('lists every event type once, in order, with a description and a JSON Schema Ajv compiles', async () => {
    const webhooksReader = bearer((await api.make.key(home.workspaceId, ['read:webhooks'])).key);
    const body = await getOk<{ data: EventTypeBody[] }>(api, '/event-types', webhooksReader);
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data.map((entry) => entry.type)).toEqual([...eventTypes]);
    for (const entry of body.data) {
      expect(Object.keys(entry).sort()).toEqual(['description', 'schema', 'type']);
      expect(entry.description.trim(), entry.type).not.toBe('');
      expect(entry.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(() => ajv.compile(entry.schema), entry.type).not.toThrow();
    }
  });

  it('answers the same over tRPC and through the typed client', async () => {
    const rest = await getOk<{ data: EventTypeBody[] }>(api, '/event-types', home.headers);
    const trpc = await callTrpc<{ result: { data: unknown } }>(
      api,
      'eventTypes.list',
      'query',
      {},
      home.headers,
    );
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data).toEqual(rest);
    const client = createComptoirClient({ url: api.baseUrl, apiKey: home.key });
    expect(await client.eventTypes.list.query({})).toEqual(rest);
  });

  it('needs read:webhooks', async () => {
    const other = bearer((await api.make.key(home.workspaceId, ['read:invoices', 'write:webhooks'])).key);
    const error = await expectError(
      await callApi(api, 'GET', '/event-types', undefined, other),
      403,
      'insufficient_scope',
    );
    expect(error.message).toContain('read:webhooks');
  });
});

describe('webhook endpoints', () => {
  it('refuse an unknown event type with 400 invalid_body naming it', async () => {
    const answer = await callApi(
      api,
      'POST',
      '/webhook-endpoints',
      { url: 'https://hooks.example.com/typo', events: ['invoice.created', 'invoice.teleported'] },
      home.headers,
    );
    const error = await expectInvalidBody(answer, 'events.1');
    expect(error.details?.[0]?.message).toContain('invoice.teleported');
  });
});

describe('every recorded event', () => {
  it('validates against the schema GET /event-types publishes for its type', async () => {
    await runEventScenario(api, home);

    const published = await getOk<{ data: EventTypeBody[] }>(api, '/event-types', home.headers);
    const schemas = new Map(published.data.map((entry) => [entry.type, ajv.compile(entry.schema)]));
    const events = await eventsOfWorkspace(api, home.workspaceId);
    const invalid = events.flatMap((event) => {
      const validate = schemas.get(event.type);
      if (!validate) return [{ type: event.type, errors: 'no published schema' }];
      return validate(event.data) ? [] : [{ type: event.type, errors: ajv.errorsText(validate.errors) }];
    });
    expect(invalid).toEqual([]);

    const seen = new Set(events.map((event) => event.type));
    const unproducible = eventTypes.filter((type) => !hasProcedure(producers[type]));
    expect(eventTypes.filter((type) => !seen.has(type))).toEqual(unproducible);
  });
});
