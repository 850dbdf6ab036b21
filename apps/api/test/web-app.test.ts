import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webAppContentSecurityPolicy, webAppPlugin } from '../src/web-app.ts';

// The serving of the app's build, on a build made here: the real one is apps/web's to test.
const page =
  '<!doctype html><html lang="fr"><head><script type="module" src="/app/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';

async function serve(root: string): Promise<FastifyInstance> {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await app.register(webAppPlugin, { root });
  await app.ready();
  return app;
}

describe('with a build', () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'comptoir-web-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), page);
    writeFileSync(join(root, 'assets', 'index-Ab12Cd34.js'), 'console.log("app");');
    app = await serve(root);
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('/app and /app/ answer the page, never cached, under the Content-Security-Policy', async () => {
    for (const url of ['/app', '/app/']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toBe(webAppContentSecurityPolicy);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body).toBe(page);
    }
  });

  test('a hashed file is cached for a year, as immutable', async () => {
    const response = await app.inject({ url: '/app/assets/index-Ab12Cd34.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log("app");');
  });

  test('index.html by its own name is not cached either', async () => {
    const response = await app.inject({ url: '/app/index.html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  test('any other path under /app is the page: the app’s router decides what it shows', async () => {
    for (const url of ['/app/sign-in', '/app/wsp_0123/invoices?status=PAID&page=2', '/app/no/such/screen']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(page);
    }
  });

  test('a missing hashed file is a 404, not the page (a browser would run HTML as a script)', async () => {
    const response = await app.inject({ url: '/app/assets/index-Gone0000.js' });
    expect(response.statusCode).toBe(404);
  });

  test('the policy allows no inline script or style, no other origin, no framing', () => {
    const directives = new Map(
      webAppContentSecurityPolicy.split('; ').map((directive) => {
        const [name = '', ...sources] = directive.split(' ');
        return [name, sources] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(webAppContentSecurityPolicy).not.toMatch(/unsafe-|\*|https?:/);
  });
});

test('a build made while the API runs is served at once, its new files included', async () => {
  const root = mkdtempSync(join(tmpdir(), 'comptoir-web-'));
  const app = await serve(root);
  try {
    expect((await app.inject({ url: '/app' })).statusCode).toBe(503);
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), page);
    writeFileSync(join(root, 'assets', 'index-Ab12Cd34.js'), 'console.log("app");');
    expect((await app.inject({ url: '/app' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/app/assets/index-Ab12Cd34.js' })).statusCode).toBe(200);
  } finally {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  }
});

describe('without a build', () => {
  test('/app and its paths answer 503 with a page saying to run build:web, not a crash', async () => {
    const root = join(tmpdir(), 'comptoir-web-never-built');
    const app = await serve(root);
    try {
      for (const url of ['/app', '/app/', '/app/wsp_0123/invoices']) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(503);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.body).toContain('pnpm build:web');
      }
    } finally {
      await app.close();
    }
  });
});
