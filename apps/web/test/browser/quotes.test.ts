import { seedDemoWorkspace } from '@comptoir/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppUnderTest, expectAccessible, startAppUnderTest } from './app.ts';

// Quotes in the app: the list (filter, empty states), a quote's detail, its lifecycle from the
// detail's actions, and a draft's editor. Results are checked through the REST API as well.

let app: AppUnderTest;
let seed: Awaited<ReturnType<typeof seedDemoWorkspace>>;
const password = 'mot-de-passe-des-devis';

beforeAll(async () => {
  app = await startAppUnderTest();
  seed = await seedDemoWorkspace(app.db.orm.em.fork(), { ownerPassword: password });
});
afterAll(async () => {
  await app?.close();
});

/** A signed-in page of the app at `path` (sign-in by HTTP: the form is not the point here). */
async function openSignedIn(path: string, locale: 'fr-FR' | 'en-US' = 'fr-FR') {
  const watched = await app.open('/app/sign-in', locale);
  const answer = await watched.page.request.post('/api/auth/sign-in/email', {
    data: { email: seed.owner.email, password },
    headers: { origin: app.api.baseUrl },
  });
  expect(answer.status()).toBe(200);
  await watched.page.goto(`/app/${seed.workspaceId}${path}`);
  return watched;
}

/** A record as the public API shows it, read with the demo key. */
async function rest<T>(path: string): Promise<T> {
  const answer = await fetch(`${app.api.baseUrl}/api/v1${path}`, {
    headers: { authorization: `Bearer ${seed.key}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

interface RestQuote {
  id: string;
  number: string | null;
  status: string;
  clientName: string;
  invoiceId: string | null;
  totals: { total: number };
}

const table = (page: Page) => page.getByRole('table', { name: 'Devis' });

test('the list shows the quotes, filters them by status in the URL, and says when none has that status', async () => {
  const { page, problems } = await openSignedIn('/quotes');
  await page.getByRole('heading', { level: 1, name: 'Devis' }).waitFor();
  const quotes = await rest<RestQuote[]>('/quotes');
  const rows = table(page).locator('tbody tr');
  await expect.poll(() => rows.count()).toBe(quotes.length);
  await expect.poll(() => page.getByText(`${quotes.length} devis`).count()).toBe(1);
  // A draft has no number yet: its link says so.
  await table(page).getByRole('link', { name: 'Sans numéro' }).waitFor();
  await expectAccessible(page);

  await page.getByLabel('Statut').selectOption({ label: 'Accepté' });
  await page.waitForURL((url) => url.searchParams.get('status') === 'ACCEPTED');
  const statusCells = table(page).locator('tbody tr td:nth-child(3)');
  await expect.poll(async () => [...new Set(await statusCells.allTextContents())]).toEqual(['Accepté']);

  await page.getByLabel('Statut').selectOption({ label: 'Expiré' });
  await page.getByRole('heading', { level: 2, name: 'Aucun devis « Expiré »' }).waitFor();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Voir tous les devis' }).click();
  await page.waitForURL((url) => !url.searchParams.has('status'));
  await expect.poll(() => rows.count()).toBe(quotes.length);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('a quote’s detail shows its client, lines and totals per VAT rate as the API has them', async () => {
  const quotes = await rest<RestQuote[]>('/quotes?status=SENT');
  const sent = quotes[0];
  if (sent?.number == null) throw new Error('the demo has a sent quote');
  const { page, problems } = await openSignedIn('/quotes?status=SENT');
  await table(page).getByRole('link', { name: sent.number }).click();
  await page.getByRole('heading', { level: 1, name: sent.number }).waitFor();
  await expect.poll(() => page.title()).toBe(`${sent.number} · Devis · Comptoir`);
  const detail = await rest<{ lines: { description: string }[]; totals: { taxes: unknown[] } }>(
    `/quotes/${sent.id}`,
  );
  const lines = page.getByRole('table', { name: 'Lignes du devis' }).locator('tbody tr');
  await expect.poll(() => lines.count()).toBe(detail.lines.length);
  await page.getByText(sent.clientName).first().waitFor();
  const total = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(
    sent.totals.total,
  );
  await page.getByText(total, { exact: true }).waitFor();
  await expect.poll(() => page.getByText(/^TVA .+ % sur /).count()).toBe(detail.totals.taxes.length);
  await expectAccessible(page);
  expect(problems).toEqual([]);
  await page.context().close();
});
