import { createComptoirClient } from '@comptoir/client';
import { generateKey, type Scope, scopes } from '@comptoir/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicOrigin, startTestApi, type TestApi } from './harness.ts';
import {
  type Answer,
  bearer,
  callApi,
  callTrpc,
  databaseFingerprint,
  expectError,
  expectInvalidRequest,
  expectTrpcError,
  type ListBody,
  memberSession,
  sellerWorkspace,
  trpcErrorOf,
  unknownId,
} from './support/index.ts';
import {
  canMakeRecord,
  createScene,
  type Input,
  type Operation,
  operationTable,
  peopleAccess,
  type RestRoute,
  restRequest,
  type Scene,
  scopeResource,
  validInput,
} from './support/operations.ts';

// Authentication, scopes, workspace isolation and list bounds, for every procedure of the app
// router: over its REST route when it has one, and over tRPC. The operations come from the
// router (support/operations.ts), so a new procedure is covered without editing this file.

const operations = operationTable();
const keyOperations = operations.filter((operation) => operation.access === 'scope');
const restOperations = operations.filter((operation) => operation.rest !== undefined);

let api: TestApi;
/** The caller's workspace. */
let home: Scene;
/** Another workspace, whose records the caller must never reach. */
let other: Scene;

beforeAll(async () => {
  api = await startTestApi();
  home = createScene(api, await sellerWorkspace(api));
  other = createScene(api, await sellerWorkspace(api));
});
afterAll(() => api.close());

const keys = new Map<string, Promise<string>>();
/** A key of the caller's workspace holding exactly these scopes (made once). */
function keyWith(held: readonly Scope[]): Promise<string> {
  const name = [...held].sort().join(' ');
  let key = keys.get(name);
  if (!key) {
    key = api.make.key(home.workspaceId, held).then((created) => created.key);
    keys.set(name, key);
  }
  return key;
}
const keyWithEveryScopeBut = (scope: Scope) => keyWith(scopes.filter((held) => held !== scope));
const keyWithOnly = (scope: Scope) => keyWith([scope]);

const standing = new Map<string, Promise<Input>>();
/**
 * A valid input of the operation in the scene, with its own record, made once: the requests
 * that use it are refused and write nothing (each test checks), so it stays valid.
 */
function standingInput(scene: Scene, operation: Operation): Promise<Input> {
  const name = `${scene.workspaceId} ${operation.procedure}`;
  let input = standing.get(name);
  if (!input) {
    input = validInput(scene, operation);
    standing.set(name, input);
  }
  return input;
}

function scopeOf(operation: Operation): Scope {
  if (!operation.scope)
    throw new Error(`no scope for the router ${operation.router}: add it to scopeResource`);
  return operation.scope;
}

function restCall(operation: Operation, input: Input, headers: Record<string, string>) {
  const route = operation.rest as RestRoute;
  const { path, json } = restRequest(route, input);
  return callApi(api, route.method, path, json, headers);
}

/** Runs a request that must be refused, and checks that it wrote nothing. */
async function refused<T>(send: () => Promise<T>): Promise<T> {
  const before = await databaseFingerprint(api);
  const answer = await send();
  expect(await databaseFingerprint(api)).toEqual(before);
  return answer;
}

/** Calls the procedure through the typed client, as internal apps do. */
function callThroughClient(apiKey: string, operation: Operation, input: Input): Promise<unknown> {
  let node: unknown = createComptoirClient({ url: api.baseUrl, apiKey });
  for (const part of operation.procedure.split('.')) node = (node as Record<string, unknown>)[part];
  const procedure = node as { query(input: Input): Promise<unknown>; mutate(input: Input): Promise<unknown> };
  return operation.type === 'query' ? procedure.query(input) : procedure.mutate(input);
}

const unauthenticated: [string, Record<string, string>][] = [
  ['missing_authorization', {}],
  ['invalid_key_format', { authorization: 'Bearer nope' }],
  ['invalid_key', bearer(generateKey())],
];

/** A field no operation defines. */
const strayField = 'notAFieldOfAnyOperation';

const prefixOf = (id: string) => id.slice(0, id.indexOf('_'));
/** Ids that name no record of the caller's: each from a real id of the right kind. */
const missingIds: [string, (id: string) => string][] = [
  ['an unknown id', (id) => unknownId(prefixOf(id))],
  ['a malformed id', () => 'not-an-id'],
  ['an id of another kind', (id) => unknownId(prefixOf(id) === 'cmp' ? 'con' : 'cmp')],
];

/** api-v1.md, common rules: `limit` an integer from 1 to 100 (default 20), `offset` an integer, 0 or more. */
const badBounds: [string, string][] = [
  ['limit', '0'],
  ['limit', '101'],
  ['limit', '1.5'],
  ['limit', '2.5'],
  ['limit', 'abc'],
  ['limit', 'two'],
  ['offset', '-1'],
  ['offset', 'x'],
  ['offset', 'abc'],
];
const goodBounds: { limit?: number; offset?: number }[] = [
  { limit: 1 },
  { limit: 100 },
  { offset: 0 },
  { offset: 4 },
];

describe('the operation table', () => {
  it('has a scope resource or a people access for every router, and none for a router that does not exist', () => {
    expect([...Object.keys(scopeResource), ...Object.keys(peopleAccess)].sort()).toEqual(
      [...new Set(operations.map((operation) => operation.router))].sort(),
    );
  });

  it('names the resource of every procedure of a router of several, and of none that does not exist', () => {
    for (const [router, entry] of Object.entries(scopeResource)) {
      if (typeof entry === 'string') continue;
      expect(Object.keys(entry).sort()).toEqual(
        operations
          .filter((operation) => operation.router === router)
          .map((operation) => operation.procedure.slice(router.length + 1))
          .sort(),
      );
    }
  });

  it('needs every scope of the contract somewhere, and no other', () => {
    expect(new Set(keyOperations.map((operation) => operation.scope))).toEqual(new Set(scopes));
  });

  it('gives no REST route to a procedure of people: /api/v1 stays keys-only', () => {
    expect(operations.filter((operation) => operation.access !== 'scope' && operation.rest)).toEqual([]);
  });

  it('can make a record for every operation that takes an id', () => {
    const without = operations.filter(
      (operation) => operation.takesId && !canMakeRecord(operation.router, operations),
    );
    expect(without.map((operation) => operation.procedure)).toEqual([]);
  });

  it('is the served OpenAPI document: the same operations, success statuses and list parameters', async () => {
    interface DocumentOperation {
      operationId: string;
      parameters?: { in: string; name: string }[];
      responses: Record<string, unknown>;
    }
    const response = await api.request('/api/v1/openapi.json');
    const document = (await response.json()) as { paths: Record<string, Record<string, DocumentOperation>> };
    const byId = (a: { operationId: string }, b: { operationId: string }) =>
      a.operationId.localeCompare(b.operationId);
    const served = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        successStatuses: Object.keys(operation.responses)
          .filter((status) => status.startsWith('2'))
          .map(Number)
          .sort(),
        list: ['limit', 'offset'].every((name) =>
          operation.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === name),
        ),
      })),
    );
    const table = restOperations.map(({ rest, list }) => ({
      operationId: rest?.operationId,
      method: rest?.method,
      path: rest?.path,
      successStatuses: [...(rest?.successStatuses ?? [])].sort(),
      list,
    }));
    expect(served.sort(byId)).toEqual((table as typeof served).sort(byId));
  });
});

describe.each(restOperations.map((operation) => [operation.label, operation] as const))(
  '%s',
  (_label, operation) => {
    const route = operation.rest as RestRoute;

    it.each(unauthenticated)(
      'answers 401 %s with WWW-Authenticate: Bearer, and writes nothing',
      async (code, headers) => {
        const input = await standingInput(home, operation);
        await expectError(await refused(() => restCall(operation, input, headers)), 401, code);
      },
    );

    it(`answers 403 insufficient_scope naming ${operation.scope} to a key with every other scope, and writes nothing`, async () => {
      const scope = scopeOf(operation);
      const input = await standingInput(home, operation);
      const headers = bearer(await keyWithEveryScopeBut(scope));
      const error = await expectError(
        await refused(() => restCall(operation, input, headers)),
        403,
        'insufficient_scope',
      );
      expect(error.message).toContain(scope);
    });

    // Rulings, "Records": a body field the operation does not define is refused, never dropped.
    if (route.method !== 'GET' && route.method !== 'DELETE') {
      it('refuses a body field it does not define with 400 invalid_body naming it, and writes nothing', async () => {
        const input = await standingInput(home, operation);
        const answer = await refused(() => restCall(operation, { ...input, [strayField]: 1 }, home.headers));
        const error = await expectError(answer, 400, 'invalid_body');
        expect(error.details).toContainEqual({
          path: strayField,
          message: expect.stringMatching(/^unknown field/),
        });
      });
    }

    it(`serves a key holding only ${operation.scope}`, async () => {
      const input = await validInput(home, operation);
      const answer = await restCall(operation, input, bearer(await keyWithOnly(scopeOf(operation))));
      expect(route.successStatuses, JSON.stringify(answer.body)).toContain(answer.status);
    });

    if (operation.takesId) {
      it('answers 404 not_found for another workspace’s record, and writes nothing', async () => {
        const input = await standingInput(other, operation);
        await expectError(await refused(() => restCall(operation, input, home.headers)), 404, 'not_found');
      });

      it.each(missingIds)('answers 404 not_found for %s, and writes nothing', async (_name, idFrom) => {
        const input = await standingInput(home, operation);
        const id = idFrom(String(input.id));
        await expectError(
          await refused(() => restCall(operation, { ...input, id }, home.headers)),
          404,
          'not_found',
        );
      });
    }

    if (operation.list) {
      it.each(badBounds)('answers 400 invalid_request naming %s for %s=%s', async (parameter, value) => {
        const input = await standingInput(home, operation);
        const error = await expectInvalidRequest(
          await restCall(operation, { ...input, [parameter]: value }, home.headers),
          parameter,
        );
        expect(error.details?.map((detail) => detail.path)).toEqual([parameter]);
      });

      it.each(goodBounds)('accepts %o, keeping the total', async (bounds) => {
        const input = await standingInput(home, operation);
        const all = (await restCall(operation, input, home.headers)) as Answer<ListBody<unknown>>;
        expect(all.status).toBe(200);
        const page = (await restCall(operation, { ...input, ...bounds }, home.headers)) as Answer<
          ListBody<unknown>
        >;
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        const limit = bounds.limit ?? 20;
        expect(page.body.pagination).toEqual({
          total: all.body.pagination.total,
          limit,
          offset: bounds.offset ?? 0,
        });
        expect(page.body.data.length).toBeLessThanOrEqual(limit);
      });
    }
  },
);

describe.each(keyOperations.map((operation) => [operation.procedure, operation] as const))(
  'tRPC %s',
  (_label, operation) => {
    it.each(unauthenticated)(
      'answers 401 %s with WWW-Authenticate: Bearer, and writes nothing',
      async (code, headers) => {
        const input = await standingInput(home, operation);
        const answer = await refused(() =>
          callTrpc(api, operation.procedure, operation.type, input, headers),
        );
        await expectTrpcError(answer, 401, code);
      },
    );

    it(`refuses a key with every scope but ${operation.scope} with 403 insufficient_scope naming it, through the typed client, and writes nothing`, async () => {
      const scope = scopeOf(operation);
      const input = await standingInput(home, operation);
      const apiKey = await keyWithEveryScopeBut(scope);
      const error = await refused(() => trpcErrorOf(callThroughClient(apiKey, operation, input)));
      expect(error).toMatchObject({ httpStatus: 403, code: 'insufficient_scope' });
      expect(error.message).toContain(scope);
    });

    if (operation.type === 'mutation') {
      it('refuses an input field it does not define with 400 invalid_body naming it, and writes nothing', async () => {
        const input = await standingInput(home, operation);
        const answer = await refused(() =>
          callTrpc(api, operation.procedure, operation.type, { ...input, [strayField]: 1 }, home.headers),
        );
        const error = await expectTrpcError(answer, 400, 'invalid_body');
        expect(error.details).toContainEqual({
          path: strayField,
          message: expect.stringMatching(/^unknown field/),
        });
      });
    }

    if (operation.type === 'mutation') {
      // Issue 14: every mutation takes an Idempotency-Key, so an app can retry it.
      it('replays a retry under the same Idempotency-Key: the first answer, nothing applied twice', async () => {
        expect(operation.idempotent).toBe(true);
        const input = await validInput(home, operation);
        const headers = {
          ...home.headers,
          'idempotency-key': `common-${operation.procedure}-${home.unique()}`,
        };
        const first = await callTrpc(api, operation.procedure, operation.type, input, headers);
        expect(first.status, JSON.stringify(first.body)).toBe(200);
        const retry = await refused(() => callTrpc(api, operation.procedure, operation.type, input, headers));
        expect(retry.status).toBe(200);
        expect(retry.headers.get('idempotent-replayed')).toBe('true');
        expect(retry.body).toEqual(first.body);
      });
    }

    // Procedures with a REST route are checked above through it; the others only have tRPC.
    if (operation.rest) return;

    it(`serves a key holding only ${operation.scope}`, async () => {
      const input = await validInput(home, operation);
      const headers = bearer(await keyWithOnly(scopeOf(operation)));
      const answer = await callTrpc(api, operation.procedure, operation.type, input, headers);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    });

    if (operation.takesId) {
      it('answers 404 not_found for another workspace’s record, and writes nothing', async () => {
        const input = await standingInput(other, operation);
        const answer = await refused(() =>
          callTrpc(api, operation.procedure, operation.type, input, home.headers),
        );
        await expectTrpcError(answer, 404, 'not_found');
      });

      it.each(missingIds)('answers 404 not_found for %s, and writes nothing', async (_name, idFrom) => {
        const input = await standingInput(home, operation);
        const id = idFrom(String(input.id));
        const answer = await refused(() =>
          callTrpc(api, operation.procedure, operation.type, { ...input, id }, home.headers),
        );
        await expectTrpcError(answer, 404, 'not_found');
      });
    }
  },
);

/** A member of the caller's workspace with a role, signed in (made once per role). */
const members = new Map<string, Promise<Record<string, string>>>();
function memberHeaders(role: 'accountant' | 'sales' | 'stock'): Promise<Record<string, string>> {
  let headers = members.get(role);
  if (!headers) {
    headers = memberSession(api, home.workspaceId, role).then((member) => member.headers);
    members.set(role, headers);
  }
  return headers;
}

// The procedures of people (issue 33): admitted by an owner's session (members, invitations,
// keys), any session (me), or anyone (accepting an invitation); never by a key.
describe.each(
  operations
    .filter((operation) => operation.access !== 'scope')
    .map((operation) => [operation.procedure, operation] as const),
)('tRPC %s (people)', (_label, operation) => {
  const { access } = operation;
  const call = (input: Input, headers: Record<string, string>) =>
    callTrpc(api, operation.procedure, operation.type, input, headers);

  if (access === 'manage:members' || access === 'manage:keys') {
    it.each(unauthenticated)('answers 401 %s, and writes nothing', async (code, headers) => {
      const input = await standingInput(home, operation);
      await expectTrpcError(await refused(() => call(input, headers)), 401, code);
    });

    it(`refuses a key with every scope: 403 insufficient_scope naming ${access}, and writes nothing`, async () => {
      const input = await standingInput(home, operation);
      const headers = bearer(await keyWith(scopes));
      const error = await expectTrpcError(
        await refused(() => call(input, headers)),
        403,
        'insufficient_scope',
      );
      expect(error.message).toContain(access);
    });

    it.each(['accountant', 'sales', 'stock'] as const)(
      'refuses a member whose role is %s: 403 insufficient_role, and writes nothing',
      async (role) => {
        const input = await standingInput(home, operation);
        const headers = await memberHeaders(role);
        await expectTrpcError(await refused(() => call(input, headers)), 403, 'insufficient_role');
      },
    );

    it('serves an owner’s session', async () => {
      const input = await validInput(home, operation);
      const answer = await call(input, await home.ownerHeaders());
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    });

    if (operation.type === 'mutation') {
      it('refuses the owner’s cookie from another origin: 403 origin_not_allowed, and writes nothing', async () => {
        const input = await standingInput(home, operation);
        const headers = { ...(await home.ownerHeaders()), origin: 'https://elsewhere.example' };
        await expectTrpcError(await refused(() => call(input, headers)), 403, 'origin_not_allowed');
      });

      it('refuses an input field it does not define with 400 invalid_body naming it, and writes nothing', async () => {
        const input = await standingInput(home, operation);
        const headers = await home.ownerHeaders();
        const answer = await refused(() => call({ ...input, [strayField]: 1 }, headers));
        const error = await expectTrpcError(answer, 400, 'invalid_body');
        expect(error.details).toContainEqual({
          path: strayField,
          message: expect.stringMatching(/^unknown field/),
        });
      });

      it('replays a retry under the same Idempotency-Key: the first answer, nothing applied twice', async () => {
        expect(operation.idempotent).toBe(true);
        const input = await validInput(home, operation);
        const headers = {
          ...(await home.ownerHeaders()),
          'idempotency-key': `common-${operation.procedure}-${home.unique()}`,
        };
        const first = await call(input, headers);
        expect(first.status, JSON.stringify(first.body)).toBe(200);
        const retry = await refused(() => call(input, headers));
        expect(retry.status).toBe(200);
        expect(retry.headers.get('idempotent-replayed')).toBe('true');
        expect(retry.body).toEqual(first.body);
      });
    }

    if (operation.takesId) {
      it('answers 404 not_found for another workspace’s record, and writes nothing', async () => {
        const input = await standingInput(other, operation);
        const headers = await home.ownerHeaders();
        await expectTrpcError(await refused(() => call(input, headers)), 404, 'not_found');
      });

      it.each(missingIds)('answers 404 not_found for %s, and writes nothing', async (_name, idFrom) => {
        const input = await standingInput(home, operation);
        const headers = await home.ownerHeaders();
        const id = idFrom(String(input.id));
        await expectTrpcError(await refused(() => call({ ...input, id }, headers)), 404, 'not_found');
      });
    }
  }

  if (access === 'session') {
    it('refuses a key: 403 session_required; no one: 401 invalid_session', async () => {
      const input = await validInput(home, operation);
      await expectTrpcError(await call(input, home.headers), 403, 'session_required');
      await expectTrpcError(await call(input, {}), 401, 'invalid_session');
    });

    it('serves a session, of any role', async () => {
      const input = await validInput(home, operation);
      const answer = await call(input, await memberHeaders('stock'));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    });
  }

  if (access === 'public') {
    it('serves anyone: no key, no session', async () => {
      const input = await validInput(home, operation);
      const answer = await call(input, { origin: publicOrigin });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    });

    it('refuses an input field it does not define with 400 invalid_body naming it, and writes nothing', async () => {
      const input = await standingInput(home, operation);
      const answer = await refused(() => call({ ...input, [strayField]: 1 }, {}));
      const error = await expectTrpcError(answer, 400, 'invalid_body');
      expect(error.details).toContainEqual({
        path: strayField,
        message: expect.stringMatching(/^unknown field/),
      });
    });
  }
});
