import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppUnderTest, startAppUnderTest } from './app.ts';

const dist = new URL('../../dist/', import.meta.url);

test('the built page holds no inline script or style, so the CSP needs no unsafe-inline', () => {
  const html = readFileSync(new URL('index.html', dist), 'utf8');
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes, body] of scripts) {
    expect(attributes).toMatch(/\bsrc="\/app\/assets\//);
    expect(body?.trim()).toBe('');
  }
  expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
});

test('the build is a production build: React’s, not its development copy', () => {
  const scripts = readdirSync(new URL('assets/', dist)).filter((name) => name.endsWith('.js'));
  const code = scripts.map((name) => readFileSync(new URL(`assets/${name}`, dist), 'utf8')).join('\n');
  expect(code).toContain('Minified React error');
  expect(code).not.toContain('Download the React DevTools');
});

test('no built file is a data: or inline asset the CSP would refuse', () => {
  const files = readdirSync(new URL('assets/', dist)).filter((name) => name.endsWith('.css'));
  for (const file of files)
    expect(readFileSync(new URL(`assets/${file}`, dist), 'utf8')).not.toContain('url(data:');
});

let app: AppUnderTest;
beforeAll(async () => {
  app = await startAppUnderTest();
});
afterAll(async () => {
  await app?.close();
});

test('the first load of /app fetches at most 250 KB of JavaScript, gzipped', async () => {
  const context = await app.browser.newContext({ locale: 'fr-FR', baseURL: app.api.baseUrl });
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
  });
  await page.goto('/app/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  const kilobytes = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
  expect(kilobytes, `${kilobytes.toFixed(1)} KB in ${scripts.size} files`).toBeLessThan(250);
  await context.close();
});
