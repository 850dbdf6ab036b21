import { readFile } from 'node:fs/promises';
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
  // The sheet opens on its first field.
  await expect
    .poll(() => sheet.getByLabel('Nom').evaluate((input) => input === document.activeElement))
    .toBe(true);
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

  // Search as you type, by part of the barcode; the URL follows. (The router writes a search
  // that looks like a number as JSON: "37600000".) Typing on while that list loads is kept.
  const search = page.getByLabel('Rechercher un produit');
  await search.fill('37600000');
  await page.waitForURL((url) => url.searchParams.get('q')?.includes('37600000') === true);
  await search.fill('introuvable');
  await page.getByRole('heading', { name: 'Aucun produit ne correspond' }).waitFor();
  expect(await search.inputValue()).toBe('introuvable');
  await search.fill('CAF-2');
  await expect.poll(() => row.count()).toBe(1);

  await page.getByRole('link', { name: 'Modifier Café moulu 250 g' }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le produit' });
  await expect.poll(() => edit.getByLabel('Nom').inputValue()).toBe('Café moulu 250 g');
  await edit.getByLabel('Prix de vente HT (€)').fill('6.9');
  await edit.getByLabel('Seuil d’alerte').fill('15');
  // Escape with changes typed asks before losing them; Escape again keeps them.
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Abandonner les modifications ?' });
  await discard.waitFor();
  await page.keyboard.press('Escape');
  await discard.waitFor({ state: 'hidden' });
  expect(await edit.getByLabel('Seuil d’alerte').inputValue()).toBe('15');
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

test('a CSV batch: the preview shows the row the schema refuses, the result shows each row (207), and the stock agrees', async () => {
  const coffee = await make.product(workspaceId, {
    name: 'Café en grains',
    trackStock: true,
    stockQuantity: 10,
  });
  const { page, problems } = await signedIn(owner, products());
  await heading(page, 'Produits et stock');
  await page.getByRole('link', { name: 'Mouvements par fichier CSV' }).click();
  await heading(page, 'Mouvements de stock par fichier');

  // The example is built on the workspace's own tracked products.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Télécharger un fichier d’exemple' }).click();
  const example = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(example.split('\r\n')[0]).toBe('productId,quantity,reason,refKind,refId,unitCost');

  // As a French spreadsheet saves it: semicolons, decimal commas.
  const file = [
    'productId;quantity;reason;unitCost',
    `${coffee.id};+5;Livraison fournisseur;4,5`,
    `${coffee.id};0;Rien;`,
    'prd_inconnu;3;Produit d’un autre fichier;',
  ].join('\n');
  const picker = page.getByLabel('Fichier CSV des mouvements');
  await picker.setInputFiles({ name: 'mouvements.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  const preview = page.getByRole('table', { name: 'Aperçu des mouvements du fichier' });
  await expect.poll(() => preview.locator('tbody tr').count()).toBe(3);
  // The products the file names, by their names when the API knows them.
  await expect.poll(() => preview.locator('tbody tr').nth(0).textContent()).toContain('Café en grains');
  expect(await preview.locator('tbody tr').nth(0).textContent()).toContain('Prête');
  expect(await preview.locator('tbody tr').nth(1).textContent()).toContain('Quantité : ne peut pas valoir 0');
  expect(await page.getByText('1 ligne à corriger : elle ne sera pas envoyée').count()).toBe(1);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Appliquer 2 mouvements' }).click();
  const result = page.getByRole('table', { name: 'Résultat par ligne du fichier' });
  await expect.poll(() => result.locator('tbody tr').count()).toBe(3);
  expect(
    await page.getByRole('status').filter({ hasText: 'Envoi en partie appliqué' }).textContent(),
  ).toContain('1 mouvement appliqué, 1 refusé');
  const cells = await result.locator('tbody tr td:nth-child(4)').allTextContents();
  expect(cells).toEqual([
    'Appliqué : 10 → 15 (+5)',
    'Non envoyé : Quantité : ne peut pas valoir 0',
    'Refusé : produit introuvable dans cet espace',
  ]);
  await expectAccessible(page);
  // 10 at a cost of 0 and 5 at 4.50: a weighted average of 1.50.
  expect(await getProduct(em(), workspaceId, coffee.id)).toMatchObject({ stockQuantity: 15, costPrice: 1.5 });
  const [movement] = (await listLedger(em(), workspaceId, { productId: coffee.id, limit: 20, offset: 0 }))
    .items;
  expect(movement).toMatchObject({
    kind: 'movement',
    before: 10,
    after: 15,
    reason: 'Livraison fournisseur',
    unitCost: 4.5,
  });

  // A file dropped on the zone, none of whose movements applies: 422, said as such, nothing changed.
  const dropped = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'refus.csv', { type: 'text/csv' }));
    return transfer;
  }, `productId,quantity\n${coffee.id},-100\n`);
  await page
    .getByText('Déposez-le ici, ou cliquez pour le choisir.')
    .dispatchEvent('drop', { dataTransfer: dropped });
  await page.getByText('Fichier lu : refus.csv').waitFor();
  await page.getByRole('button', { name: 'Appliquer 1 mouvement' }).click();
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Aucun mouvement' }).textContent())
    .toBe('Aucun mouvement n’a été appliqué : 1 refusé. Le stock n’a pas changé.');
  expect(await result.locator('tbody tr td:nth-child(4)').allTextContents()).toEqual([
    'Refusé : le stock deviendrait négatif, ce que l’espace refuse',
  ]);
  expect((await getProduct(em(), workspaceId, coffee.id)).stockQuantity).toBe(15);
  expect(problems).toEqual([]);
  await page.context().close();
}, 90_000);

test('an owner archives a product (it leaves the list) and restores it from its page; the list speaks English', async () => {
  const sugar = await make.product(workspaceId, { name: 'Sucre de canne', unitPrice: 3.2, taxRate: 5.5 });
  const { page, problems } = await signedIn(owner, `${products()}/${sugar.id}`);
  await heading(page, 'Sucre de canne');
  // From the keyboard: Escape dismisses the confirmation and gives the focus back.
  const archive = page.getByRole('button', { name: 'Archiver' });
  await archive.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Archiver « Sucre de canne » ?' });
  await confirm.waitFor();
  await page.keyboard.press('Escape');
  await confirm.waitFor({ state: 'hidden' });
  await expect.poll(() => archive.evaluate((button) => button === document.activeElement)).toBe(true);
  await archive.click();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Archiver' }).click();
  await page.getByText(/^Archivé le /).waitFor();
  expect((await getProduct(em(), workspaceId, sugar.id)).archivedAt).not.toBeNull();

  await page.getByRole('link', { name: '← Produits' }).click();
  await heading(page, 'Produits et stock');
  await page.getByLabel('Rechercher un produit').fill('Sucre');
  await page.getByRole('heading', { name: 'Aucun produit ne correspond' }).waitFor();
  await page.getByRole('link', { name: 'Effacer la recherche et les filtres' }).click();
  await page.waitForURL((url) => !url.searchParams.has('q'));

  await page.goBack();
  await page.goBack();
  await heading(page, 'Sucre de canne');
  await page.getByRole('button', { name: 'Restaurer' }).click();
  await page
    .getByRole('dialog', { name: 'Restaurer « Sucre de canne » ?' })
    .getByRole('button', { name: 'Restaurer' })
    .click();
  await expect.poll(() => toast(page).textContent()).toContain('Produit « Sucre de canne » restauré');
  await page.getByRole('button', { name: 'Archiver' }).waitFor();
  expect((await getProduct(em(), workspaceId, sugar.id)).archivedAt).toBeNull();
  expect(problems).toEqual([]);
  await page.context().close();

  const english = await signedIn(owner, `${products()}?tracking=untracked`, 'en-US');
  await heading(english.page, 'Products and stock');
  const row = english.page
    .getByRole('table', { name: 'Products' })
    .locator('tbody tr')
    .filter({ hasText: 'Sucre de canne' });
  await expect.poll(() => row.textContent()).toContain('Not tracked');
  expect(await row.textContent()).toContain('€3.20');
  await expectAccessible(english.page);
  expect(english.problems).toEqual([]);
  await english.page.context().close();
}, 90_000);
