import { createUser, seedDemoWorkspace } from '@comptoir/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppUnderTest, expectAccessible, startAppUnderTest, type WatchedPage } from './app.ts';

// The workspace's home: the demo owner sees the figures the dashboard's procedures answer, in
// French and in English, with the keyboard; a stock member sees only the low stock; a widget
// that fails says so without blanking the others.

let app: AppUnderTest;
let seed: Awaited<ReturnType<typeof seedDemoWorkspace>>;
const password = 'mot-de-passe-du-tableau-de-bord';
const stockEmail = 'magasin@demo.comptoir.test';

beforeAll(async () => {
  app = await startAppUnderTest();
  seed = await seedDemoWorkspace(app.db.orm.em.fork(), { ownerPassword: password });
  await createUser(app.db.orm.em.fork(), {
    workspaceId: seed.workspaceId,
    role: 'stock',
    email: stockEmail,
    password,
  });
});
afterAll(async () => {
  await app?.close();
});

interface Receivables {
  currency: string;
  overdue: { amount: number; count: number };
  dueSoon: { amount: number; count: number };
  revenueByMonth: { month: string; amount: number }[];
}
interface ShortList {
  count: number;
  [list: string]: unknown;
}

/** Signs in over HTTP (the form is journey.test.ts's) and opens the dashboard. */
async function openDashboard(locale: 'fr-FR' | 'en-US', email = seed.owner.email): Promise<WatchedPage> {
  const watched = await app.open('/app/sign-in', locale);
  const signedIn = await watched.page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: app.api.baseUrl },
  });
  expect(signedIn.status()).toBe(200);
  await watched.page.goto(`/app/${seed.workspaceId}`);
  return watched;
}

/** What a dashboard procedure answers the signed-in person, as the app asks it. */
async function answer<T>(page: Page, procedure: string): Promise<T> {
  const response = await page.request.get(`/trpc/dashboard.${procedure}`, {
    headers: { 'x-comptoir-workspace': seed.workspaceId },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: { data: { data: T } } }).result.data.data;
}

const money = (locale: string, amount: number) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount);
const monthName = (locale: string, month: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

test('the owner sees the figures the API gives: owed, 12 months of revenue, the short lists; then follows a card to the invoices', async () => {
  const { page, problems } = await openDashboard('fr-FR');
  await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
  const receivables = await answer<Receivables>(page, 'receivables');

  const overdue = page.getByRole('region', { name: 'En retard de paiement' });
  await expect.poll(() => overdue.textContent()).toContain(money('fr-FR', receivables.overdue.amount));
  const dueSoon = page.getByRole('region', { name: 'À encaisser sous 30 jours' });
  await expect.poll(() => dueSoon.textContent()).toContain(money('fr-FR', receivables.dueSoon.amount));

  // the chart's figures, for screen readers: one row per month, as the API gives them
  const table = page.getByRole('table', { name: 'Chiffre d’affaires hors taxes par mois' });
  const rows = table.locator('tbody tr');
  await expect.poll(() => rows.count()).toBe(12);
  expect(await rows.allTextContents()).toEqual(
    receivables.revenueByMonth.map(
      (month) => `${monthName('fr-FR', month.month)}${money('fr-FR', month.amount)}`,
    ),
  );
  if (receivables.revenueByMonth.some((month) => month.amount !== 0))
    await page
      .getByRole('region', { name: 'Chiffre d’affaires HT, 12 derniers mois' })
      .locator('canvas')
      .first()
      .waitFor();

  for (const [procedure, region, key] of [
    ['quotesAwaiting', 'Devis en attente de réponse', 'quotes'],
    ['followUps', 'Opportunités à relancer', 'opportunities'],
    ['lowStock', 'Produits sous le seuil d’alerte', 'products'],
  ] as const) {
    const list = await answer<ShortList>(page, procedure);
    const records = list[key] as { id: string; number?: string | null; title?: string; name?: string }[];
    const items = page.getByRole('region', { name: region }).getByRole('listitem');
    await expect.poll(() => items.count(), { message: region }).toBe(records.length);
    const texts = await items.allTextContents();
    records.forEach((record, index) => {
      expect(texts[index]).toContain(record.number ?? record.title ?? record.name);
    });
  }
  // the demo's low product is there
  await page
    .getByRole('region', { name: 'Produits sous le seuil d’alerte' })
    .getByText('Thé vert sencha')
    .waitFor();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/backend/dashboard-fr.png', fullPage: true });

  await overdue.getByRole('link', { name: 'Voir les factures en retard' }).click();
  await page.waitForURL(
    (url) => url.pathname.endsWith('/invoices') && url.searchParams.get('status') === 'OVERDUE',
  );
  await page.getByRole('heading', { level: 1, name: 'Factures' }).waitFor();
  expect(problems).toEqual([]);
  await page.context().close();
});

test('in English, with the keyboard alone: the skip link, then each widget’s link in order', async () => {
  const { page, problems } = await openDashboard('en-US');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  const receivables = await answer<Receivables>(page, 'receivables');
  const overdue = page.getByRole('region', { name: 'Overdue' });
  await expect.poll(() => overdue.textContent()).toContain(money('en-US', receivables.overdue.amount));
  await page.getByRole('table', { name: 'Revenue excluding tax by month' }).waitFor({ state: 'attached' });
  await page
    .getByRole('region', { name: 'Products under their alert threshold' })
    .getByRole('listitem')
    .first()
    .waitFor();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/backend/dashboard-en.png', fullPage: true });

  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  await page.keyboard.press('Tab');
  await expect.poll(focused).toBe('Skip to content');
  await page.keyboard.press('Enter');
  const order: string[] = [];
  for (let step = 0; step < 5; step++) {
    await page.keyboard.press('Tab');
    order.push(await focused());
  }
  expect(order.slice(0, 2)).toEqual(['See the overdue invoices', 'See the sent invoices']);
  expect(order.slice(2).map((text) => text.replace(/\d+/, '#'))).toEqual([
    expect.stringMatching(/^See the (quote|# quotes|quotes)/),
    expect.stringMatching(/^See the (opportunit)/),
    expect.stringMatching(/^See the (product|# products|products)/),
  ]);
  // the focused link opens its list
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname.endsWith('/products'));
  expect(problems).toEqual([]);
  await page.context().close();
});

test('a stock member sees only the low stock, and the app asks for nothing else', async () => {
  const asked: string[] = [];
  const { page, problems } = await openDashboard('fr-FR', stockEmail);
  page.on('request', (request) => {
    if (request.url().includes('/trpc/')) asked.push(new URL(request.url()).pathname);
  });
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
  const low = page.getByRole('region', { name: 'Produits sous le seuil d’alerte' });
  await low.getByText('Thé vert sencha').waitFor();
  expect(await page.getByRole('main').getByRole('region').count()).toBe(1);
  for (const name of ['En retard de paiement', 'Devis en attente de réponse', 'Opportunités à relancer'])
    expect(await page.getByRole('region', { name }).count()).toBe(0);
  expect(asked.filter((path) => /dashboard\.(receivables|quotesAwaiting|followUps)/.test(path))).toEqual([]);
  expect(asked.some((path) => path.includes('dashboard.lowStock'))).toBe(true);
  await expectAccessible(page);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('a widget whose procedure fails says so and offers a retry; the others stay', async () => {
  const { page, problems } = await openDashboard('fr-FR');
  // the receivables answer 500 inside the batch; the other procedures answer as they do
  await page.route('**/trpc/dashboard.*', async (route) => {
    const url = new URL(route.request().url());
    const names = decodeURIComponent(url.pathname.slice(url.pathname.indexOf('/trpc/') + 6)).split(',');
    const real = await route.fetch();
    const body = (await real.json()) as unknown;
    const results = Array.isArray(body) ? body : [body];
    const failed = {
      error: {
        message: 'Internal error',
        code: -32603,
        data: {
          code: 'INTERNAL_SERVER_ERROR',
          httpStatus: 500,
          error: { code: 'internal_error', message: 'Internal error' },
        },
      },
    };
    const changed = names.map((name, index) => (name === 'dashboard.receivables' ? failed : results[index]));
    await route.fulfill({
      status: 207,
      contentType: 'application/json',
      json: Array.isArray(body) ? changed : changed[0],
    });
  });
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
  const overdue = page.getByRole('region', { name: 'En retard de paiement' });
  await overdue.getByRole('alert').waitFor();
  expect(await overdue.getByRole('alert').textContent()).toContain('Ces chiffres n’ont pas pu être chargés.');
  await page
    .getByRole('region', { name: 'Produits sous le seuil d’alerte' })
    .getByText('Thé vert sencha')
    .waitFor();
  await expectAccessible(page);

  await page.unroute('**/trpc/dashboard.*');
  await overdue.getByRole('button', { name: 'Réessayer' }).click();
  const receivables = await answer<Receivables>(page, 'receivables');
  await expect.poll(() => overdue.textContent()).toContain(money('fr-FR', receivables.overdue.amount));
  // React reports each error its boundaries caught; nothing else may show in the console
  expect(problems.filter((problem) => !problem.includes('Internal error'))).toEqual([]);
  await page.context().close();
});
