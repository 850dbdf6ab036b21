import { createInvoice, createProduct, seedDemoWorkspace, sendInvoice } from '@comptoir/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppUnderTest, expectAccessible, startAppUnderTest } from './app.ts';

// The one journey, as a person does it with the app alone: the seeded owner signs in
// through the form, creates a company and a contact, a quote for them, requests its signature,
// marks it accepted and converts it; edits the draft invoice, sends it, records a partial then a
// full payment and opens the PDF; cancels another invoice by credit note; invites a stock clerk,
// who accepts in a browser of their own, adjusts a count and cannot open the invoices. Each step
// is checked through the public API too.

let app: AppUnderTest;
let seed: Awaited<ReturnType<typeof seedDemoWorkspace>>;
const password = 'mot-de-passe-du-parcours-complet';

beforeAll(async () => {
  app = await startAppUnderTest();
  seed = await seedDemoWorkspace(app.db.orm.em.fork(), { ownerPassword: password });
});
afterAll(async () => {
  await app?.close();
});

/** A record as the public API shows it, with the demo key. */
async function api<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(`/api/v1${path}`, {
    headers: { authorization: `Bearer ${seed.key}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

const idInUrl = (page: Page) => new URL(page.url()).pathname.split('/').at(-1) ?? '';

async function toast(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

/** An action of a quote's detail: its button, its dialog (axe), its confirmation, its toast. */
async function confirmAction(page: Page, action: string, confirm: string, done: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await toast(page, done);
  await dialog.waitFor({ state: 'hidden' });
}

interface ApiQuote {
  status: string;
  number: string | null;
  invoiceId: string | null;
}
interface ApiInvoice {
  status: string;
  number: string;
  creditNoteId: string | null;
  lines: { description: string; quantity: number }[];
  totals: { total: number; balance: number };
}

test('the owner runs every lifecycle from the app; a stock clerk adjusts a count and cannot open the invoices', async () => {
  const { page, problems } = await app.open('/app/', 'fr-FR');
  await page.waitForURL((url) => url.pathname === '/app/sign-in');
  await page.getByLabel('Adresse e-mail').fill(seed.owner.email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname.startsWith(`/app/${seed.workspaceId}`));
  const go = (path: string) => page.goto(`/app/${seed.workspaceId}${path}`);

  // A company and a contact of it.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Sociétés' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sociétés' }).waitFor();
  await page.getByRole('link', { name: 'Nouvelle société' }).click();
  const companySheet = page.getByRole('dialog', { name: 'Nouvelle société' });
  await companySheet.getByLabel('Nom', { exact: true }).fill('Atelier Lumière');
  await companySheet.getByLabel('SIRET', { exact: true }).fill('732 829 320 00074');
  await companySheet.getByLabel('Numéro de TVA intracommunautaire').fill('FR44732829320');
  await companySheet.getByRole('button', { name: 'Créer la société' }).click();
  await toast(page, 'Société « Atelier Lumière » créée.');

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Contacts' }).click();
  await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
  await page.getByRole('link', { name: 'Nouveau contact' }).click();
  const contactSheet = page.getByRole('dialog', { name: 'Nouveau contact' });
  await contactSheet.getByLabel('Nom', { exact: true }).fill('Léa Fontaine');
  await contactSheet.getByLabel('E-mail').fill('lea@atelier-lumiere.test');
  await contactSheet.getByLabel('Chercher une société').fill('lumière');
  const picker = contactSheet.getByLabel('Société', { exact: true });
  await expect.poll(() => picker.locator('option').allTextContents()).toContain('Atelier Lumière');
  await picker.selectOption({ label: 'Atelier Lumière' });
  await contactSheet.getByRole('button', { name: 'Créer le contact' }).click();
  await toast(page, 'Contact « Léa Fontaine » créé.');

  // A quote for them: signature requested, accepted, converted into a draft invoice.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Devis' }).click();
  await page.getByRole('heading', { level: 1, name: 'Devis' }).waitFor();
  await page.getByRole('link', { name: 'Nouveau devis' }).click();
  await page.getByRole('heading', { level: 1, name: 'Nouveau devis' }).waitFor();
  await page.getByLabel('Nom du client').fill('Léa Fontaine');
  await page.getByLabel('Société (facultatif)').fill('Atelier Lumière');
  await page.getByLabel('E-mail du client').fill('lea@atelier-lumiere.test');
  const line = (position: number) => page.getByRole('group', { name: `Ligne ${position}` });
  await line(1).getByLabel('Description').fill('Éclairage de la boutique');
  await line(1).getByLabel('Quantité').fill('2');
  await line(1).getByLabel('Prix unitaire HT').fill('400');
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await page.getByRole('heading', { level: 1, name: 'Devis brouillon' }).waitFor();
  const quoteId = idInUrl(page);
  await confirmAction(page, 'Marquer comme envoyé', 'Marquer comme envoyé', 'Devis marqué comme envoyé.');
  await confirmAction(page, 'Demander la signature', 'Demander la signature', 'Signature demandée.');
  await confirmAction(page, 'Marquer comme accepté', 'Marquer comme accepté', 'Devis accepté.');
  expect((await api<ApiQuote>(page, `/quotes/${quoteId}`)).status).toBe('ACCEPTED');
  await confirmAction(
    page,
    'Convertir en facture',
    'Créer la facture',
    'Facture brouillon créée depuis le devis.',
  );
  const { invoiceId } = await api<ApiQuote>(page, `/quotes/${quoteId}`);
  expect(invoiceId).not.toBeNull();
  await page.waitForURL((url) => url.pathname === `/app/${seed.workspaceId}/invoices/${invoiceId}`);

  // The draft invoice, edited, sent, paid in two payments; its PDF.
  await page.getByRole('heading', { level: 1, name: /^Facture / }).waitFor();
  await page.getByRole('link', { name: 'Modifier' }).click();
  await page.getByRole('heading', { level: 1, name: /^Modifier la facture/ }).waitFor();
  // A French company buyer is named by its SIREN on an e-invoice: the platform's rules want it.
  await page.getByLabel('SIREN du client').fill('732 829 320');
  await line(1).getByLabel('Quantité').fill('3');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: /^Facture / }).waitFor();
  const edited = await api<ApiInvoice>(page, `/invoices/${invoiceId}`);
  expect(edited.lines.map((item) => [item.description, item.quantity])).toEqual([
    ['Éclairage de la boutique', 3],
  ]);
  expect(edited.totals.total).toBe(1440);

  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Envoyer la facture' }).click();
  await expect.poll(async () => (await api<ApiInvoice>(page, `/invoices/${invoiceId}`)).status).toBe('SENT');

  await page.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  const payment = page.getByRole('dialog');
  await payment.getByLabel('Montant').fill('440');
  await payment.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await payment.waitFor({ state: 'hidden' });
  await expect
    .poll(async () => (await api<ApiInvoice>(page, `/invoices/${invoiceId}`)).status)
    .toBe('PARTIAL');
  await page.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  // The amount proposed is what is left to pay.
  await expect.poll(() => payment.getByLabel('Montant').inputValue()).toMatch(/^1\s?000([,.]00)?$/);
  await payment.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await payment.waitFor({ state: 'hidden' });
  const paid = await api<ApiInvoice>(page, `/invoices/${invoiceId}`);
  expect(paid).toMatchObject({ status: 'PAID', totals: { balance: 0 } });
  await expect.poll(() => page.getByRole('button', { name: 'Enregistrer un paiement' }).count()).toBe(0);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Ouvrir le PDF' }).click();
  await (await popup).close();
  await expectAccessible(page);

  // Another invoice, sent elsewhere, cancelled by a credit note from the app.
  const em = app.db.orm.em.fork();
  const other = await createInvoice(em, seed.workspaceId, {
    clientName: 'Boulangerie Dupont',
    clientEmail: 'compta@dupont.test',
    currency: 'EUR',
    lines: [{ title: 'Conseil', quantity: 1, unitPrice: 300, taxRate: 20 }],
  });
  await sendInvoice(em, seed.workspaceId, other.id);
  await go(`/invoices/${other.id}`);
  await page.getByRole('button', { name: 'Annuler par un avoir' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Émettre l’avoir' }).click();
  await expect
    .poll(async () => (await api<ApiInvoice>(page, `/invoices/${other.id}`)).status)
    .toBe('CANCELLED');
  const { creditNoteId } = await api<ApiInvoice>(page, `/invoices/${other.id}`);
  const creditNote = await api<ApiInvoice>(page, `/invoices/${creditNoteId}`);
  await page
    .getByText('Cette facture est annulée par l’avoir')
    .getByRole('link', { name: creditNote.number })
    .click();
  await page.getByRole('heading', { level: 1, name: `Avoir ${creditNote.number}` }).waitFor();

  // A stock clerk joins by invitation, adjusts a count, and cannot open the invoices.
  const bulb = await createProduct(app.db.orm.em.fork(), seed.workspaceId, {
    name: 'Ampoule LED 9 W',
    unitPrice: 4.5,
    taxRate: 20,
    trackStock: true,
    stockQuantity: 30,
  });
  await go('/settings/members');
  await page.getByRole('button', { name: 'Inviter une personne' }).click();
  const invite = page.getByRole('dialog', { name: 'Inviter une personne' });
  await invite.getByLabel('Adresse e-mail').fill('stock@atelier.test');
  await invite.getByLabel('Rôle').selectOption({ label: 'Stock' });
  await invite.getByRole('button', { name: 'Créer l’invitation' }).click();
  const link = page
    .getByRole('dialog', { name: 'Invitation créée' })
    .getByRole('textbox', { name: 'Lien d’invitation pour stock@atelier.test' });
  await expect.poll(() => link.inputValue()).toMatch(/\/app\/invitations\/accept\?token=/);
  const invitation = new URL(await link.inputValue());
  expect(problems).toEqual([]);
  await page.context().close();

  const clerk = await app.open(`${invitation.pathname}${invitation.search}`, 'fr-FR');
  await clerk.page.getByRole('button', { name: 'Accepter l’invitation' }).click();
  await clerk.page.getByLabel('Votre nom').fill('Sam Stock');
  await clerk.page.getByLabel('Nouveau mot de passe').fill('un mot de passe de magasinier');
  await clerk.page.getByLabel('Confirmez le mot de passe').fill('un mot de passe de magasinier');
  await clerk.page.getByRole('button', { name: 'Créer mon compte et rejoindre l’espace' }).click();
  await clerk.page.waitForURL((url) => url.pathname === `/app/${seed.workspaceId}`);
  const sections = clerk.page.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('link', { name: 'Produits et stock' }).waitFor();
  expect(await sections.getByRole('link', { name: 'Factures' }).count()).toBe(0);

  await clerk.page.goto(`/app/${seed.workspaceId}/products/${bulb.id}`);
  await clerk.page.getByRole('heading', { level: 1, name: 'Ampoule LED 9 W' }).waitFor();
  await clerk.page.getByRole('link', { name: 'Ajuster le stock' }).click();
  const adjust = clerk.page.getByRole('dialog', { name: 'Ajuster le stock de « Ampoule LED 9 W »' });
  await adjust.getByRole('spinbutton', { name: 'Quantité comptée' }).fill('27');
  await adjust.getByLabel('Motif').fill('Inventaire : trois ampoules cassées');
  await adjust.getByRole('button', { name: 'Ajuster le stock' }).click();
  await expect
    .poll(
      async () => (await api<{ stockQuantity: number }>(clerk.page, `/products/${bulb.id}`)).stockQuantity,
    )
    .toBe(27);

  // The invoices are not theirs: a link to one says so in words, and the API refuses too.
  await clerk.page.goto(`/app/${seed.workspaceId}/invoices/${invoiceId}`);
  await clerk.page.getByRole('heading', { level: 1, name: 'Accès réservé' }).waitFor();
  await expectAccessible(clerk.page);
  const refused = await clerk.page.request.get(
    `/trpc/invoices.get?input=${encodeURIComponent(JSON.stringify({ id: invoiceId }))}`,
    { headers: { 'x-comptoir-workspace': seed.workspaceId } },
  );
  expect(refused.status()).toBe(403);
  expect(clerk.problems).toEqual([]);
  await clerk.page.context().close();
}, 180_000);
