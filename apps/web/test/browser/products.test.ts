import { adjustStock, getProduct, listLedger } from '@comptoir/core';
import { factories, memberPassword } from '@comptoir/core/factories';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppUnderTest, expectAccessible, startAppUnderTest, type WatchedPage } from './app.ts';

// Products and stock, as the people who keep them work: an owner creates, edits, counts,
// sends a CSV batch and archives; a `stock` member counts too, and a concurrent change to the
// count is refused in words. Every result is read back through core, as the API serves it.

let app: AppUnderTest;
let make: ReturnType<typeof factories>;
let workspaceId: string;
let owner: string;
let stockMember: string;

beforeAll(async () => {
  app = await startAppUnderTest();
  make = factories(app.db.orm);
  workspaceId = (await make.workspace('Épicerie du test')).id;
  owner = (await make.member(workspaceId, 'owner')).user.email;
  stockMember = (await make.member(workspaceId, 'stock')).user.email;
});
afterAll(async () => {
  await app?.close();
});

const products = () => `/app/${workspaceId}/products`;
const em = () => app.db.orm.em.fork();

/** Signs in by HTTP (the form is the sign-in test's subject), then opens `path`. */
async function signedIn(
  email: string,
  path: string,
  locale: 'fr-FR' | 'en-US' = 'fr-FR',
): Promise<WatchedPage> {
  const watched = await app.open('/app/sign-in', locale);
  const signIn = await watched.page.request.post('/api/auth/sign-in/email', {
    data: { email, password: memberPassword },
    headers: { origin: app.api.baseUrl },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await watched.page.goto(path);
  return watched;
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor();
const toast = (page: Page) => page.getByRole('status').filter({ hasText: /./ }).last();

test('an owner creates a tracked product with a threshold, finds it, edits it, counts it, and the ledger shows the count', async () => {
  const { page, problems } = await signedIn(owner, products());
  await heading(page, 'Produits et stock');
  await page.getByRole('heading', { name: 'Pas encore de produit' }).waitFor();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Nouveau produit' }).first().click();
  await page.waitForURL((url) => url.searchParams.get('sheet') === 'new');
  const sheet = page.getByRole('dialog', { name: 'Nouveau produit' });
  // The schema speaks before the server is asked: a product needs a name.
  await sheet.getByRole('button', { name: 'Créer le produit' }).click();
  await expect.poll(() => sheet.getByLabel('Nom').getAttribute('aria-invalid')).toBe('true');
  await sheet.getByLabel('Nom').fill('Café moulu 250 g');
  await sheet.getByLabel('Référence').fill('CAF-250');
  await sheet.getByLabel('Code-barres').fill('3760000000017');
  await sheet.getByLabel('Prix de vente HT (€)').fill('6.5');
  await sheet.getByLabel('TVA (%)').fill('5.5');
  await sheet.getByLabel('Stock initial').fill('12');
  await sheet.getByLabel('Seuil d’alerte').fill('5');
  await expectAccessible(page);
  await sheet.getByRole('button', { name: 'Créer le produit' }).click();
  await page.waitForURL((url) => !url.searchParams.has('sheet'));
  await expect.poll(() => toast(page).textContent()).toContain('Produit « Café moulu 250 g » créé');

  const table = page.getByRole('table', { name: 'Produits' });
  const row = table.locator('tbody tr').filter({ hasText: 'Café moulu 250 g' });
  await expect.poll(() => row.textContent()).toContain('En stock');
  expect(await row.textContent()).toContain('CAF-250');

  // Search as you type: nothing matches, then part of the barcode does; the URL follows.
  await page.getByLabel('Rechercher un produit').fill('introuvable');
  await page.getByRole('heading', { name: 'Aucun produit ne correspond' }).waitFor();
  await page.getByLabel('Rechercher un produit').fill('37600000');
  // (The router writes a search that looks like a number as JSON: "37600000".)
  await page.waitForURL((url) => url.searchParams.get('q')?.includes('37600000') === true);
  await expect.poll(() => row.count()).toBe(1);

  await page.getByRole('link', { name: 'Modifier Café moulu 250 g' }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le produit' });
  await expect.poll(() => edit.getByLabel('Nom').inputValue()).toBe('Café moulu 250 g');
  await edit.getByLabel('Prix de vente HT (€)').fill('6.9');
  await edit.getByLabel('Seuil d’alerte').fill('15');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await page.waitForURL((url) => !url.searchParams.has('product'));
  // 12 in stock, at or below the new threshold of 15: low.
  await expect.poll(() => row.textContent()).toContain('Stock bas');

  await row.getByRole('link', { name: 'Café moulu 250 g', exact: true }).click();
  await heading(page, 'Café moulu 250 g');
  const productId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const saved = await getProduct(em(), workspaceId, productId);
  expect(saved).toMatchObject({
    unitPrice: 6.9,
    taxRate: 5.5,
    stockThreshold: 15,
    stockQuantity: 12,
    stockState: 'low',
  });
  await page.getByRole('heading', { name: 'Aucun mouvement de stock' }).waitFor();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Ajuster le stock' }).click();
  const adjust = page.getByRole('dialog', { name: 'Ajuster le stock de « Café moulu 250 g »' });
  await adjust.getByRole('spinbutton', { name: 'Quantité comptée' }).fill('20');
  await adjust.getByLabel('Motif').fill('Inventaire de décembre');
  await expect.poll(() => adjust.textContent()).toContain('Nouveau stock : 20 (variation +8)');
  await expectAccessible(page);
  await adjust.getByRole('button', { name: 'Ajuster le stock' }).click();
  await page.waitForURL((url) => !url.searchParams.has('adjust'));
  const ledger = page.getByRole('table', { name: 'Historique du stock, du plus récent au plus ancien' });
  await expect
    .poll(() => ledger.locator('tbody tr').first().textContent())
    .toContain('Inventaire de décembre');
  expect(await ledger.locator('tbody tr').first().textContent()).toMatch(/Inventaire.*\+8.*12.*20/);
  const entries = await listLedger(em(), workspaceId, { productId, limit: 20, offset: 0 });
  expect(entries.items.map(({ kind, before, after, reason }) => ({ kind, before, after, reason }))).toEqual([
    { kind: 'adjustment', before: 12, after: 20, reason: 'Inventaire de décembre' },
  ]);
  expect(problems).toEqual([]);
  await page.screenshot({ path: '/tmp/products/product-page.png', fullPage: true });
  await page.context().close();
}, 120_000);

test('a stock member counts by a change; a count made meanwhile elsewhere is refused in words, then the new stock is used', async () => {
  const product = await make.product(workspaceId, { name: 'Thé vert', trackStock: true, stockQuantity: 10 });
  const { page, problems } = await signedIn(stockMember, `${products()}/${product.id}`);
  await heading(page, 'Thé vert');
  await page.getByRole('link', { name: 'Ajuster le stock' }).click();
  const adjust = page.getByRole('dialog', { name: 'Ajuster le stock de « Thé vert »' });
  await adjust.getByLabel('une variation (+ entrée, − sortie)').check();
  await adjust.getByRole('spinbutton', { name: 'Variation' }).fill('-3');
  await expect.poll(() => adjust.textContent()).toContain('Nouveau stock : 7 (variation -3)');
  // Someone else counts 9 while the dialog is open.
  await adjustStock(em(), workspaceId, { apiKeyId: null }, product.id, { countedQuantity: 9 });
  await adjust.getByRole('button', { name: 'Ajuster le stock' }).click();
  await expect
    .poll(() => adjust.getByRole('alert').textContent())
    .toBe('Le stock a changé entre-temps : rechargez et réessayez.');
  await expect.poll(() => adjust.textContent()).toContain('Stock actuel : 9');
  expect((await getProduct(em(), workspaceId, product.id)).stockQuantity).toBe(9);
  await expectAccessible(page);
  // Sent again, the change applies to the stock as it now is.
  await adjust.getByRole('button', { name: 'Ajuster le stock' }).click();
  await page.waitForURL((url) => !url.searchParams.has('adjust'));
  await expect.poll(() => toast(page).textContent()).toContain('Stock de « Thé vert » : 9 → 6');
  expect((await getProduct(em(), workspaceId, product.id)).stockQuantity).toBe(6);
  expect(problems).toEqual([]);
  await page.context().close();
}, 60_000);
