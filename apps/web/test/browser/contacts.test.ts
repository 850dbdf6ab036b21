import {
  createCompany,
  createUser,
  getContact,
  listCompanies,
  listContacts,
  seedDemoWorkspace,
} from '@comptoir/core';
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

test('contacts: one created attached to a company found by search, edited, and a duplicate e-mail refused on its field', async () => {
  const gamma = await createCompany(em(), workspaceId, {
    name: 'Gamma Distribution',
    siret: '73282932000074',
  });
  const { page, problems } = await signedIn('contacts');
  await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Nouveau contact' }).click();
  const sheet = page.getByRole('dialog', { name: 'Nouveau contact' });
  await sheet.getByLabel('Nom', { exact: true }).fill('Ondine Ferrand');
  await sheet.getByLabel('E-mail').fill('ondine.ferrand@gamma.test');
  await sheet.getByLabel('Téléphone').fill('01 23 45 67 89');
  // The company picker: a search, then a native select of what it found.
  await sheet.getByLabel('Chercher une société').fill('gamma distri');
  const picker = sheet.getByLabel('Société', { exact: true });
  await expect
    .poll(() => picker.locator('option').allTextContents())
    .toEqual(['Aucune société', 'Gamma Distribution']);
  await sheet.getByText('1 société trouvée.').waitFor();
  await picker.selectOption({ label: 'Gamma Distribution' });
  await expectAccessible(page);
  await sheet.getByRole('button', { name: 'Créer le contact' }).click();
  await page.getByRole('status').filter({ hasText: 'Contact « Ondine Ferrand » créé.' }).waitFor();
  await sheet.waitFor({ state: 'hidden' });
  const ondine = (await listContacts(em(), workspaceId, { q: 'ondine.ferrand', limit: 20, offset: 0 }))
    .items[0];
  expect(ondine).toMatchObject({
    name: 'Ondine Ferrand',
    email: 'ondine.ferrand@gamma.test',
    phone: '01 23 45 67 89',
    company: { id: gamma.id, name: 'Gamma Distribution' },
  });
  const row = page.getByRole('row').filter({ hasText: 'Ondine Ferrand' });
  await expect
    .poll(() => row.locator('td').allTextContents())
    .toEqual(['Ondine Ferrand', 'ondine.ferrand@gamma.test', '01 23 45 67 89', 'Gamma Distribution']);

  // Edit: the sheet opens on the contact with its company in full (the server's checks).
  await row.getByRole('link', { name: 'Ondine Ferrand' }).click();
  await page.waitForURL((url) => url.searchParams.get('contact') === ondine?.id);
  const edit = page.getByRole('dialog', { name: 'Contact' });
  await expect.poll(() => edit.getByLabel('E-mail').inputValue()).toBe('ondine.ferrand@gamma.test');
  await expect.poll(() => checkOf(edit, 0)).toBe('valid: SIRET valide');
  await expect.poll(() => edit.getByLabel('Société', { exact: true }).inputValue()).toBe(gamma.id);
  await expectAccessible(page);
  await edit.getByLabel('Téléphone').fill('06 12 34 56 78');
  await edit.getByLabel('Nom', { exact: true }).fill('Ondine Ferrand-Roux');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByRole('status').filter({ hasText: 'Contact « Ondine Ferrand-Roux » enregistré.' }).waitFor();
  await edit.waitFor({ state: 'hidden' });
  expect(await getContact(em(), workspaceId, ondine?.id ?? '')).toMatchObject({
    name: 'Ondine Ferrand-Roux',
    phone: '06 12 34 56 78',
    company: { id: gamma.id },
  });
  await expect
    .poll(() =>
      page.getByRole('row').filter({ hasText: 'Ondine Ferrand-Roux' }).locator('td').nth(2).textContent(),
    )
    .toBe('06 12 34 56 78');

  // The same e-mail in other letters: refused, on the e-mail field, and what was typed stays.
  await page.getByRole('link', { name: 'Nouveau contact' }).click();
  await sheet.getByLabel('Nom', { exact: true }).fill('Ondine Homonyme');
  await sheet.getByLabel('E-mail').fill('ONDINE.FERRAND@gamma.test');
  await sheet.getByRole('button', { name: 'Créer le contact' }).click();
  const email = sheet.getByLabel('E-mail');
  await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
  await sheet.getByText('Un contact a déjà cette adresse e-mail.').waitFor();
  const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
  expect(await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent()).toBe(
    'Un contact a déjà cette adresse e-mail.',
  );
  expect(await sheet.getByLabel('Nom', { exact: true }).inputValue()).toBe('Ondine Homonyme');
  await expectAccessible(page);
  expect((await listContacts(em(), workspaceId, { q: 'Ondine', limit: 20, offset: 0 })).total).toBe(1);

  // The company's sheet lists its contact.
  // Leaving a form with something typed asks first.
  await sheet.getByRole('button', { name: 'Annuler' }).click();
  const discard = page.getByRole('dialog', { name: 'Abandonner les modifications ?' });
  await discard.getByRole('button', { name: 'Abandonner' }).click();
  await sheet.waitFor({ state: 'hidden' });
  await page.getByRole('link', { name: 'Gamma Distribution' }).click();
  const company = page.getByRole('dialog', { name: 'Société' });
  await company.getByRole('link', { name: 'Ondine Ferrand-Roux' }).waitFor();
  // From there, a new contact starts on that company.
  await company.getByRole('link', { name: 'Ajouter un contact à cette société' }).click();
  await page.waitForURL(
    (url) => url.pathname.endsWith('/contacts') && url.searchParams.get('companyId') === gamma.id,
  );
  const started = page.getByRole('dialog', { name: 'Nouveau contact' });
  await expect.poll(() => started.getByLabel('Société', { exact: true }).inputValue()).toBe(gamma.id);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('an accountant reads companies and contacts, in English, page by page, without a way to change them', async () => {
  const epsilon = await createCompany(em(), workspaceId, {
    name: 'Epsilon Studio',
    siret: '73282932000075',
    vatNumber: 'FR44732829320',
  });
  const { page, problems } = await signedIn('companies', 'en-US', accountant);
  await page.getByRole('heading', { level: 1, name: 'Companies' }).waitFor();
  await expect.poll(() => page.title()).toBe('Companies · Comptoir');
  expect(await page.getByRole('link', { name: 'New company' }).count()).toBe(0);
  const row = page.getByRole('row').filter({ hasText: 'Epsilon Studio' });
  await expect.poll(() => checkOf(row, 0)).toBe('invalid: SIRET invalid');
  await expect.poll(() => checkOf(row, 1)).toBe('valid: VAT number valid');
  await expectAccessible(page);

  await row.getByRole('link', { name: 'Epsilon Studio' }).click();
  await page.waitForURL((url) => url.searchParams.get('company') === epsilon.id);
  const sheet = page.getByRole('dialog', { name: 'Company' });
  await sheet.getByText('Epsilon Studio', { exact: true }).waitFor();
  await expect.poll(() => checkOf(sheet, 0)).toBe('invalid: SIRET invalid');
  expect(await sheet.getByRole('textbox').count()).toBe(0);
  expect(await sheet.getByRole('button', { name: 'Save' }).count()).toBe(0);
  await sheet.getByText('No contact is attached to this company.').waitFor();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'hidden' });

  // A link to a company that does not exist opens the sheet on words, not on an error page.
  await page.goto(`/app/${workspaceId}/companies?company=cmp_00000000000000000000000000`);
  await sheet.getByRole('alert').filter({ hasText: 'This item no longer exists.' }).waitFor();
  await page.keyboard.press('Escape');

  // Twenty to a page: the pager's pages are URLs of their own.
  for (let n = 1; n <= 21; n++) await createCompany(em(), workspaceId, { name: `Zêta ${n}` });
  await page.goto(`/app/${workspaceId}/companies?q=z%C3%AAta`);
  const rows = page.getByRole('table', { name: 'Companies' }).locator('tbody tr');
  await expect.poll(() => rows.count()).toBe(20);
  const pages = page.getByRole('navigation', { name: 'List pages' });
  await pages.getByText('Page 1 of 2').waitFor();
  await pages.getByRole('link', { name: 'Next page' }).click();
  await page.waitForURL(
    (url) => url.searchParams.get('page') === '2' && url.searchParams.get('q') === 'zêta',
  );
  await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('Zêta 1')]);

  await page.goto(`/app/${workspaceId}/contacts`);
  await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
  const headers = page.getByRole('table', { name: 'Contacts' }).locator('th');
  expect(await headers.allTextContents()).toEqual(['Name', 'Email', 'Phone', 'Company']);
  expect(await page.getByRole('link', { name: 'New contact' }).count()).toBe(0);
  await expectAccessible(page);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('a company created with the keyboard alone: into the sheet, through its fields, saved, focus back where it was', async () => {
  const { page, problems } = await signedIn('companies');
  await page.getByRole('heading', { level: 1, name: 'Sociétés' }).waitFor();
  const focused = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (!(active instanceof HTMLElement)) return '';
      const label = active.id === '' ? null : document.querySelector(`label[for="${active.id}"]`);
      return label?.textContent ?? active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '';
    });
  for (let tab = 0; tab < 30 && (await focused()) !== 'Nouvelle société'; tab++)
    await page.keyboard.press('Tab');
  expect(await focused()).toBe('Nouvelle société');

  // Escape closes the sheet and gives the focus back.
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Nouvelle société' });
  await sheet.waitFor();
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'hidden' });
  await page.waitForURL((url) => !url.searchParams.has('sheet'));
  await expect.poll(focused).toBe('Nouvelle société');

  await page.keyboard.press('Enter');
  await sheet.waitFor();
  await expect.poll(focused).toBe('Fermer');
  await page.keyboard.press('Tab');
  await expect.poll(focused).toBe('Nom');
  await page.keyboard.type('Delta Clavier');
  // Escape with something typed asks first; keeping on leaves everything as it was.
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Abandonner les modifications ?' });
  await discard.waitFor();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await discard.waitFor({ state: 'hidden' });
  expect(await sheet.getByLabel('Nom', { exact: true }).inputValue()).toBe('Delta Clavier');
  await expect.poll(focused).toBe('Nom');
  await page.keyboard.press('Tab');
  await expect.poll(focused).toBe('SIRET');
  await page.keyboard.type('732 829 320 00074');
  await expect.poll(() => checkOf(sheet, 0)).toBe('valid: SIRET valide');
  await page.keyboard.press('Tab');
  await expect.poll(focused).toBe('Numéro de TVA intracommunautaire');
  await page.keyboard.type('FR44732829320');
  await page.keyboard.press('Tab');
  await expect.poll(focused).toBe('Adresse');
  await page.keyboard.type('3 place du Marché');
  await page.keyboard.press('Tab');
  await expect.poll(focused).toBe('Annuler');
  await page.keyboard.press('Tab');
  await expect.poll(focused).toBe('Créer la société');
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Société « Delta Clavier » créée.' }).waitFor();
  await sheet.waitFor({ state: 'hidden' });
  await expect.poll(focused).toBe('Nouvelle société');
  const delta = (await listCompanies(em(), workspaceId, { q: 'Delta Clavier', limit: 20, offset: 0 })).items;
  expect(delta).toMatchObject([
    { siret: '73282932000074', vatNumber: 'FR44732829320', address: '3 place du Marché' },
  ]);
  expect(problems).toEqual([]);
  await page.context().close();
});
