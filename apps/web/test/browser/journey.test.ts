import { seedDemoWorkspace } from '@comptoir/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startApiProcess } from '../../../api/test/harness.ts';
import { type AppUnderTest, expectAccessible, startAppUnderTest } from './app.ts';

// A person's way in: the seeded demo owner signs in through the form, lands on the demo
// workspace's dashboard and reaches its invoices, in French and in English.

let app: AppUnderTest;
let seed: Awaited<ReturnType<typeof seedDemoWorkspace>>;
const password = 'mot-de-passe-du-parcours';

beforeAll(async () => {
  app = await startAppUnderTest();
  seed = await seedDemoWorkspace(app.db.orm.em.fork(), { ownerPassword: password });
});
afterAll(async () => {
  await app?.close();
});

async function signInThroughTheForm(
  page: Page,
  email: string,
  secret: string,
  words: { email: string; password: string; submit: string },
) {
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.password).fill(secret);
  await page.getByRole('button', { name: words.submit }).click();
}

const french = { email: 'Adresse e-mail', password: 'Mot de passe', submit: 'Se connecter' };

/** Sign-in lands on the workspace's dashboard; the invoices are one link away in the sidebar. */
async function fromDashboardToInvoices(
  page: Page,
  words = { dashboard: 'Tableau de bord', invoices: 'Factures' },
) {
  await page.waitForURL((url) => /^\/app\/wsp_\w+\/?$/.test(url.pathname));
  await page.getByRole('heading', { level: 1, name: words.dashboard }).waitFor();
  await page.getByRole('link', { name: words.invoices, exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/app/${seed.workspaceId}/invoices`);
}

test('a wrong password gets words, the same as an unknown e-mail', async () => {
  const { page, problems } = await app.open('/app/sign-in', 'fr-FR');
  await signInThroughTheForm(page, seed.owner.email, 'not-the-password', french);
  const alert = page.getByRole('alert');
  await expect.poll(() => alert.textContent()).toBe('Adresse e-mail ou mot de passe incorrect.');
  await signInThroughTheForm(page, 'nobody@demo.comptoir.test', password, french);
  await expect.poll(() => alert.textContent()).toBe('Adresse e-mail ou mot de passe incorrect.');
  await expectAccessible(page);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('over the sign-in limit, the page says how long to wait', async () => {
  const strict = await startApiProcess(app.db.url, { SIGN_IN_RATE_LIMIT_PER_MINUTE: '2' });
  try {
    const { page, problems } = await app.open('/app/sign-in', 'fr-FR', strict.baseUrl);
    const alert = page.getByRole('alert');
    for (let attempt = 0; attempt < 3; attempt++) {
      await signInThroughTheForm(page, 'limit@demo.comptoir.test', 'not-the-password', french);
      await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    }
    await expect
      .poll(() => alert.textContent())
      .toMatch(/^Trop de tentatives de connexion\. Réessayez dans \d+ (secondes?|minutes?)\.$/);
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await page.context().close();
  } finally {
    await strict.close();
  }
});

test('the demo owner signs in and lands on the dashboard, goes to the invoices, then filters them by status, all in the URL', async () => {
  const { page, problems } = await app.open('/app/', 'fr-FR');
  await page.waitForURL((url) => url.pathname === '/app/sign-in');
  await signInThroughTheForm(page, seed.owner.email, password, french);
  await fromDashboardToInvoices(page);
  await page.getByRole('heading', { level: 1, name: 'Factures' }).waitFor();
  const rows = page.getByRole('table', { name: 'Factures' }).locator('tbody tr');
  await expect.poll(() => rows.count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: /^Espace : Demo workspace/ }).waitFor();
  await expectAccessible(page);

  await page.getByLabel('Statut').selectOption({ label: 'Payée' });
  await page.waitForURL((url) => url.searchParams.get('status') === 'PAID');
  // The list changes once the page of PAID invoices has arrived: wait for it, not for a time.
  const statusCells = page.getByRole('table', { name: 'Factures' }).locator('tbody tr td:nth-child(3)');
  await expect.poll(async () => [...new Set(await statusCells.allTextContents())]).toEqual(['Payée']);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('signed in, the invoices speak English to an English browser, amounts and dates by Intl', async () => {
  const { page, problems } = await app.open('/app/sign-in', 'en-US');
  await signInThroughTheForm(page, seed.owner.email, password, {
    email: 'Email address',
    password: 'Password',
    submit: 'Sign in',
  });
  await fromDashboardToInvoices(page, { dashboard: 'Dashboard', invoices: 'Invoices' });
  await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
  const total = await page
    .getByRole('table', { name: 'Invoices' })
    .locator('tbody tr td:nth-child(6)')
    .first()
    .textContent();
  expect(total).toMatch(/^€[\d,]+\.\d{2}$/);
  await expectAccessible(page);

  await page.goto(`/app/${seed.workspaceId}/no-such-screen`);
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  await expectAccessible(page);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('the workspace screens work with the keyboard alone', async () => {
  const { page, problems } = await app.open('/app/sign-in', 'fr-FR');
  await signInThroughTheForm(page, seed.owner.email, password, french);
  await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

  await page.keyboard.press('Tab');
  await expect.poll(focused).toBe('Aller au contenu');
  await page.keyboard.press('Tab');
  await expect.poll(focused).toMatch(/^Demo workspace/);
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor();
  await expect.poll(focused).toMatch(/^Demo workspace\s*\(actuel\)$/);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  await expect.poll(focused).toMatch(/^Demo workspace/);
  await page.keyboard.press('Tab');
  await expect.poll(focused).toBe('Tableau de bord');
  await page.keyboard.press('Tab');
  await expect.poll(focused).toBe('Factures');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Factures' }).waitFor();

  // The status filter, from the keyboard: the URL follows.
  await page.getByLabel('Statut').focus();
  await page.keyboard.press('ArrowDown');
  await page.waitForURL((url) => url.searchParams.get('status') === 'DRAFT');
  expect(problems).toEqual([]);
  await page.context().close();
});

test('signing out ends the session: the app goes to the sign-in page, and coming back needs a new sign-in', async () => {
  const { page, problems } = await app.open('/app/sign-in', 'fr-FR');
  await signInThroughTheForm(page, seed.owner.email, password, french);
  await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
  const dashboard = page.url();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.waitForURL((url) => url.pathname === '/app/sign-in');
  await page.goto(dashboard);
  await page.waitForURL((url) => url.pathname === '/app/sign-in' && url.searchParams.has('returnTo'));
  expect(problems).toEqual([]);
  await page.context().close();
});

test('a session ended elsewhere sends the person to sign in at the next call, keeping where they were going', async () => {
  const { page } = await app.open('/app/sign-in', 'fr-FR');
  await signInThroughTheForm(page, seed.owner.email, password, french);
  await fromDashboardToInvoices(page);
  await page.getByRole('heading', { level: 1, name: 'Factures' }).waitFor();
  // The session ends on the server, as a sign-out from another tab does.
  const ended = await page.request.post('/api/auth/sign-out', {
    headers: { origin: app.api.baseUrl },
    data: {},
  });
  expect(ended.status()).toBe(200);
  await page.getByLabel('Statut').selectOption({ label: 'Payée' });
  await page.waitForURL((url) => url.pathname === '/app/sign-in');
  expect(new URL(page.url()).searchParams.get('returnTo')).toBe(`/${seed.workspaceId}/invoices?status=PAID`);
  await page.context().close();
});

test('a workspace the person is not a member of does not exist for them: the 404 page, in words', async () => {
  const { page, problems } = await app.open('/app/sign-in', 'fr-FR');
  await signInThroughTheForm(page, seed.owner.email, password, french);
  await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
  await page.goto('/app/wsp_00000000000000000000000000/invoices');
  await page.getByRole('heading', { level: 1, name: 'Page introuvable' }).waitFor();
  await expect.poll(() => page.title()).toBe('Page introuvable · Comptoir');
  await expectAccessible(page);
  expect(problems).toEqual([]);
  await page.context().close();
});
