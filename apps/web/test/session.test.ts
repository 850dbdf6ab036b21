import { expect, test } from 'vitest';
import { retryAfterSeconds } from '../src/session/auth.ts';
import { safeReturnTo } from '../src/session/return-to.ts';

test('returnTo keeps a path of this app, query and fragment included', () => {
  expect(safeReturnTo('/wsp_0123/invoices?status=PAID&page=2')).toBe('/wsp_0123/invoices?status=PAID&page=2');
  expect(safeReturnTo('/wsp_0123/invoices#top')).toBe('/wsp_0123/invoices#top');
  expect(safeReturnTo(undefined)).toBe('/');
});

test('returnTo refuses anything that could leave the app', () => {
  for (const hostile of [
    'https://evil.example/app',
    '//evil.example/app',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/\tevil',
    '/%0d%0aevil',
    'wsp_0123/invoices',
    '',
  ]) {
    const safe = safeReturnTo(hostile);
    expect(safe.startsWith('/') && !safe.startsWith('//'), hostile).toBe(true);
    expect(new URL(safe, 'https://app.invalid').origin, hostile).toBe('https://app.invalid');
  }
  expect(safeReturnTo('//evil.example/app')).toBe('/');
  expect(safeReturnTo('/\\evil.example')).toBe('/');
});

test('Retry-After reads as seconds to wait, in either of its forms', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  expect(retryAfterSeconds('42', now)).toBe(42);
  expect(retryAfterSeconds('Sat, 28 Nov 2026 10:01:30 GMT', now)).toBe(90);
  expect(retryAfterSeconds('Sat, 28 Nov 2026 09:00:00 GMT', now)).toBe(0);
  expect(retryAfterSeconds(null, now)).toBeUndefined();
  expect(retryAfterSeconds('soon', now)).toBeUndefined();
});
