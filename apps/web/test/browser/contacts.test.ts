import { createUser, listCompanies, seedDemoWorkspace } from '@comptoir/core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppUnderTest, expectAccessible, startAppUnderTest } from './app.ts';

// Companies and contacts: the identifiers' checks as one types and as the server reports them,
// search as you type, the sheets the URL opens, a contact attached to a company and edited, a
// duplicate e-mail refused on its field, a read-only role, English, and the keyboard alone.

let app: AppUnderTest;
let workspaceId: string;
const password = 'mot-de-passe-des-contacts';
const owner = 'owner@demo.comptoir.test';
const accountant = 'compta@contacts.comptoir.test';

beforeAll(async () => {
  app = await startAppUnderTest();
  const seed = await seedDemoWorkspace(app.db.orm.em.fork(), { ownerPassword: password });
  workspaceId = seed.workspaceId;
  await createUser(app.db.orm.em.fork(), { email: accountant, password, workspaceId, role: 'accountant' });
});
afterAll(async () => {
  await app?.close();
});

/** A page signed in over HTTP (the form is sign-in.test's subject), on `path` of the workspace. */
async function signedIn(path: string, locale: 'fr-FR' | 'en-US' = 'fr-FR', email = owner) {
  const opened = await app.open('/app/sign-in', locale);
  const answer = await opened.page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: app.api.baseUrl },
  });
  expect(answer.status()).toBe(200);
  await opened.page.goto(`/app/${workspaceId}/${path}`);
  return opened;
}

const em = () => app.db.orm.em.fork();

/** What an identifier's check says: its status and its words (the mark is aria-hidden). */
async function checkOf(scope: Locator, nth: number) {
  const check = scope.locator('[data-check]').nth(nth);
  return `${await check.getAttribute('data-check')}: ${(await check.textContent())?.replace(/^[✓✗–?]/, '')}`;
}

function searchParam(page: Page, name: string) {
  return new URL(page.url()).searchParams.get(name);
}

test('companies: a valid SIRET and VAT number, then an invalid SIRET, checked as typed and as the server reports; search as you type', async () => {
  const { page, problems } = await signedIn('companies');
  await page.getByRole('heading', { level: 1, name: 'Sociétés' }).waitFor();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Nouvelle société' }).click();
  await page.waitForURL((url) => url.searchParams.get('sheet') === 'new');
  const sheet = page.getByRole('dialog', { name: 'Nouvelle société' });
  await sheet.getByLabel('Nom', { exact: true }).fill('Alpha Conseil');
  // Nothing typed yet: absent, in words.
  await expect.poll(() => checkOf(sheet, 0)).toBe('absent: Sans SIRET');
  await sheet.getByLabel('SIRET', { exact: true }).fill('732 829 320 0007');
  await expect.poll(() => checkOf(sheet, 0)).toBe('invalid: SIRET invalide');
  await sheet.getByLabel('SIRET', { exact: true }).pressSequentially('4');
  await expect.poll(() => checkOf(sheet, 0)).toBe('valid: SIRET valide');
  await sheet.getByLabel('Numéro de TVA intracommunautaire').fill('FR 45 732829320');
  await expect.poll(() => checkOf(sheet, 1)).toBe('invalid: TVA invalide');
  await sheet.getByLabel('Numéro de TVA intracommunautaire').fill('FR 44 732829320');
  await expect.poll(() => checkOf(sheet, 1)).toBe('valid: TVA valide');
  await sheet.getByLabel('Adresse').fill('12 rue des Lilas\n75011 Paris');
  await expectAccessible(page);
  await sheet.getByRole('button', { name: 'Créer la société' }).click();
  await page.getByRole('status').filter({ hasText: 'Société « Alpha Conseil » créée.' }).waitFor();
  await sheet.waitFor({ state: 'hidden' });
  expect(searchParam(page, 'sheet')).toBeNull();

  const alpha = (await listCompanies(em(), workspaceId, { q: 'Alpha Conseil', limit: 20, offset: 0 }))
    .items[0];
  expect(alpha).toMatchObject({
    name: 'Alpha Conseil',
    siret: '73282932000074',
    vatNumber: 'FR44732829320',
    address: '12 rue des Lilas\n75011 Paris',
    siretValid: true,
    vatNumberValid: true,
  });
  const alphaRow = page.getByRole('row').filter({ hasText: 'Alpha Conseil' });
  await expect.poll(() => checkOf(alphaRow, 0)).toBe('valid: SIRET valide');
  await expect.poll(() => checkOf(alphaRow, 1)).toBe('valid: TVA valide');

  // An invalid SIRET is kept as typed (rulings: reported, not enforced): the sheet says so as it
  // is typed, the server's answer says so in the toast, its read says so in the list.
  await page.getByRole('link', { name: 'Nouvelle société' }).click();
  await sheet.getByLabel('Nom', { exact: true }).fill('Bêta Négoce');
  await sheet.getByLabel('SIRET', { exact: true }).fill('12345678900000');
  await expect.poll(() => checkOf(sheet, 0)).toBe('invalid: SIRET invalide');
  await sheet.getByText('Il sera enregistré tel quel').first().waitFor();
  await sheet.getByLabel('Numéro de TVA intracommunautaire').fill('BE0123456789');
  await expect.poll(() => checkOf(sheet, 1)).toBe('unchecked: TVA non vérifiée (hors France)');
  await sheet.getByRole('button', { name: 'Créer la société' }).click();
  await page
    .getByRole('status')
    .filter({
      hasText: 'Société « Bêta Négoce » créée, mais son SIRET ne passe pas le contrôle : vérifiez-le.',
    })
    .waitFor();
  const beta = (await listCompanies(em(), workspaceId, { q: 'beta negoce', limit: 20, offset: 0 })).items[0];
  expect(beta).toMatchObject({ siret: '12345678900000', siretValid: false, vatNumberValid: null });
  const betaRow = page.getByRole('row').filter({ hasText: 'Bêta Négoce' });
  await expect.poll(() => checkOf(betaRow, 0)).toBe('invalid: SIRET invalide');
  await expect.poll(() => checkOf(betaRow, 1)).toBe('unchecked: TVA non vérifiée (hors France)');

  // Search as you type, the SIRET with its spaces: the URL follows, the list narrows.
  const rows = page.getByRole('table', { name: 'Sociétés' }).locator('tbody tr');
  await page.getByLabel('Rechercher une société').pressSequentially('732 829 320 00074');
  await page.waitForURL((url) => url.searchParams.get('q') === '732 829 320 00074');
  await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('Alpha Conseil')]);
  await page.getByLabel('Rechercher une société').fill('zzz introuvable');
  await page.getByRole('heading', { name: 'Aucune société ne correspond à « zzz introuvable »' }).waitFor();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Effacer la recherche' }).click();
  await expect.poll(() => rows.count()).toBeGreaterThan(2);

  // A company's sheet is a deep link; Back closes it.
  await page.getByRole('link', { name: 'Bêta Négoce' }).click();
  await page.waitForURL((url) => url.searchParams.get('company') === beta?.id);
  const betaSheet = page.getByRole('dialog', { name: 'Société' });
  await expect.poll(() => betaSheet.getByLabel('Nom', { exact: true }).inputValue()).toBe('Bêta Négoce');
  await expect.poll(() => checkOf(betaSheet, 0)).toBe('invalid: SIRET invalide');
  await expectAccessible(page);
  await page.goBack();
  await betaSheet.waitFor({ state: 'hidden' });
  expect(searchParam(page, 'company')).toBeNull();
  expect(problems).toEqual([]);
  await page.context().close();
});
