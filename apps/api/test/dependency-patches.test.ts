import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase } from '@comptoir/testing';
import { initTRPC } from '@trpc/server';
import { createOpenApiNodeHttpHandler, type OpenApiMeta } from 'trpc-to-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

// The behaviours our patches of @trpc/server, trpc-to-openapi and @mikro-orm/core (patches/) must keep, tested on
// a router of their own so that a change of the dependencies or of the patches shows here first.

const marker = Symbol('marker');

interface Ctx {
  requestId: string;
  [marker]?: string;
}

const t = initTRPC.context<Ctx>().meta<OpenApiMeta>().create();

const seen: { path: string; type: string; ctx: Record<string | symbol, unknown>; input: unknown }[] = [];

const traced = t.procedure
  .use(({ ctx, next }) => next({ ctx: { ...ctx, user: 'ada' } }))
  .use(({ ctx, next }) =>
    next({ ctx: { [marker]: 'kept', role: 'admin', user: `${(ctx as { user: string }).user}!` } }),
  )
  .use(async ({ ctx, path, type, input, next }) => {
    const result = await next();
    seen.push({ path, type, ctx: ctx as Record<string | symbol, unknown>, input });
    return result;
  });

const router = t.router({
  things: t.router({
    get: traced
      .meta({ openapi: { method: 'GET', path: '/things/{id}' } })
      .input(z.object({ id: z.string(), expand: z.string().optional() }))
      .input(z.object({ tags: z.array(z.string()).optional() }))
      .output(z.object({ id: z.string(), expand: z.string().nullable(), tags: z.array(z.string()) }))
      .query(({ input }) => ({ ...input, expand: input.expand ?? null, tags: input.tags ?? [], dropped: 1 })),
    rename: traced
      .meta({ openapi: { method: 'POST', path: '/things/{id}/rename' } })
      .input(z.object({ id: z.string(), name: z.string() }))
      .output(z.object({ id: z.string(), name: z.string() }))
      .mutation(({ input }) => input),
    ping: traced
      .meta({ openapi: { method: 'GET', path: '/ping' } })
      .input(z.void())
      .output(z.object({ input: z.string() }))
      .query(({ input }) => ({ input: input === undefined ? 'none' : 'some' })),
  }),
});

let server: Server;
let base: string;

beforeAll(async () => {
  const handler = createOpenApiNodeHttpHandler({
    router,
    createContext: ({ req }) => ({ requestId: String(req.headers['x-request-id'] ?? 'none') }),
  });
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('tRPC middleware chain (patched object spread)', () => {
  it('merges every level’s context, symbols included, and the inputs of two .input() schemas', async () => {
    seen.length = 0;
    const caller = router.createCaller({ requestId: 'r1' });
    const result = await caller.things.get({ id: 't1', expand: 'x', tags: ['a'] });
    expect(result).toEqual({ id: 't1', expand: 'x', tags: ['a'] });
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call?.ctx).toEqual({ requestId: 'r1', user: 'ada!', role: 'admin', [marker]: 'kept' });
    expect(call?.ctx[marker]).toBe('kept');
    expect(call?.path).toBe('things.get');
    expect(call?.type).toBe('query');
  });

  it('keeps an input field named __proto__ as data, without touching the prototype', async () => {
    const input = JSON.parse('{"id":"t2","__proto__":{"polluted":true}}');
    const caller = router.createCaller({ requestId: 'r2' });
    await expect(caller.things.get(input)).resolves.toEqual({ id: 't2', expand: null, tags: [] });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe('trpc-to-openapi handler (patched: the procedure called directly, its input shape cached)', () => {
  it('calls the procedure with the path parameter over the query, a lone array value wrapped', async () => {
    seen.length = 0;
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${base}/things/t3?id=other&expand=yes&tags=solo`, {
        headers: { 'x-request-id': `http-${i}` },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id: 't3', expand: 'yes', tags: ['solo'] });
    }
    expect(seen.map((call) => [call.path, call.type, call.ctx.requestId])).toEqual([
      ['things.get', 'query', 'http-0'],
      ['things.get', 'query', 'http-1'],
    ]);
  });

  it('merges the body with the path parameter on a mutation', async () => {
    const response = await fetch(`${base}/things/t4/rename`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'ignored', name: 'Vis' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 't4', name: 'Vis' });
  });

  it('gives a void-input procedure no input, and answers 404 off the routes', async () => {
    const ping = await fetch(`${base}/ping?stray=1`);
    expect(await ping.json()).toEqual({ input: 'none' });
    expect((await fetch(`${base}/things`)).status).toBe(404);
  });

  it('reports an invalid input as a 400 from the procedure’s own parser', async () => {
    const response = await fetch(`${base}/things/t5?tags=a&tags=b&expand=1&expand=2`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string };
    expect(body.code).toBe('BAD_REQUEST');
  });
});

describe('MikroORM em.fork (patched: Configuration.set syncs only for the options sync reads)', () => {
  it('forks without writing process.env, and leaves the global context refused', async () => {
    const db = await createTestDatabase();
    const previous = process.env.MIKRO_ORM_COLORS;
    try {
      process.env.MIKRO_ORM_COLORS = 'comptoir-sentinel';
      const fork = db.orm.em.fork();
      // Unpatched, each of fork's two config.set('allowGlobalContext', …) wrote it back.
      expect(process.env.MIKRO_ORM_COLORS).toBe('comptoir-sentinel');
      expect(db.orm.config.get('allowGlobalContext')).toBe(false);
      expect(() => db.orm.em.getUnitOfWork()).toThrow(/global EntityManager instance methods/);
      expect(await fork.execute('select 1 as one')).toEqual([{ one: 1 }]);
      // Options that sync() does read still take effect at once.
      db.orm.config.set('colors', false);
      expect(process.env.MIKRO_ORM_COLORS).toBe('false');
    } finally {
      if (previous === undefined) delete process.env.MIKRO_ORM_COLORS;
      else process.env.MIKRO_ORM_COLORS = previous;
      await db.drop();
    }
  });
});
