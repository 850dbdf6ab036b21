import { AxeBuilder } from '@axe-core/playwright';
import { createTestDatabase, type TestDatabase } from '@comptoir/testing';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../../api/test/harness.ts';
import { chromiumArgs } from './chromium-setup.ts';
import './provided.ts';

/**
 * What a browser test drives: the real API process (`node apps/api/src/main.ts`) on a database
 * of its own, serving the app's build at /app, and one headless Chromium.
 */
export interface AppUnderTest {
  db: TestDatabase;
  api: ApiProcess;
  browser: Browser;
  /** A fresh browser context speaking `locale`, on a page of the app; its console is watched. */
  open(path: string, locale: 'fr-FR' | 'en-US', baseUrl?: string): Promise<WatchedPage>;
  close(): Promise<void>;
}

export interface WatchedPage {
  page: Page;
  /** Console errors and CSP refusals so far; a failed HTTP answer the app handles is not one. */
  problems: string[];
}

/** Tests sign in often: the sign-in limit is raised unless a test is about that limit. */
export const roomySignInLimit = { SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000' };

/** `env`: more of the API process's environment (WEBHOOK_ALLOW_PRIVATE_TARGETS for a local receiver). */
export async function startAppUnderTest(env: Record<string, string> = {}): Promise<AppUnderTest> {
  const db = await createTestDatabase();
  const api = await startApiProcess(db.url, { ...roomySignInLimit, ...env });
  const { executablePath, fontConfigPath } = inject('chromium');
  const browser = await chromium.launch({
    executablePath,
    args: chromiumArgs,
    env: { ...process.env, ...(fontConfigPath === undefined ? {} : { FONTCONFIG_PATH: fontConfigPath }) },
  });
  return {
    db,
    api,
    browser,
    async open(path, locale, baseUrl = api.baseUrl) {
      const context = await browser.newContext({ locale, baseURL: baseUrl, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(path);
      return { page, problems };
    },
    async close() {
      await browser.close();
      await api.close();
      await db.drop();
    },
  };
}

/** axe on the page as it stands: nothing serious or critical may be found. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(blocking).toEqual([]);
}
