import { createInvoice, createUser, seedDemoWorkspace, sendInvoice } from '@comptoir/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppUnderTest, expectAccessible, startAppUnderTest } from './app.ts';

// Invoices from the app: a draft made with the line editor (live totals by core's own code),
// edited (a refused save keeps what was typed), sent, paid in two payments, its PDF and XML;
// another cancelled by a credit note, each linking to the other; a sales member who makes
// drafts but can neither send nor record a payment. Results checked through the REST API too.

let app: AppUnderTest;
let seed: Awaited<ReturnType<typeof seedDemoWorkspace>>;
const password = 'mot-de-passe-des-factures';
/** The draft the first test makes, which the second sends and gets paid. */
let draftId: string;

beforeAll(async () => {
  app = await startAppUnderTest();
  seed = await seedDemoWorkspace(app.db.orm.em.fork(), { ownerPassword: password });
});
afterAll(async () => {
  await app?.close();
});

async function signedIn(path: string, locale: 'fr-FR' | 'en-US' = 'fr-FR', email = seed.owner.email) {
  const opened = await app.open('/app/sign-in', locale);
  const signIn = await opened.page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: app.api.baseUrl },
  });
  expect(signIn.status()).toBe(200);
  await opened.page.goto(`/app/${seed.workspaceId}${path}`);
  return opened;
}

interface ApiInvoice {
  status: string;
  number: string;
  paidAmount: number;
  clientSiren: string | null;
  creditNoteId: string | null;
  lines: { description: string; quantity: number; taxRate: number }[];
  totals: { total: number; balance: number };
}

/** The invoice as the public API shows it, with the demo key. */
async function apiInvoice(page: Page, id: string): Promise<ApiInvoice> {
  const answer = await page.request.get(`/api/v1/invoices/${id}`, {
    headers: { authorization: `Bearer ${seed.key}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: ApiInvoice }).data;
}

/** An invoice made and sent through core, as another part of the business would. */
async function sentInvoice(clientName: string): Promise<{ id: string; number: string }> {
  const em = app.db.orm.em.fork();
  const draft = await createInvoice(em, seed.workspaceId, {
    clientName,
    clientEmail: 'compta@client.test',
    lines: [{ title: 'Abonnement', quantity: 1, unitPrice: 80, taxRate: 20 }],
  });
  const sent = await sendInvoice(em, seed.workspaceId, draft.id);
  return { id: sent.id, number: sent.number };
}

/** Each test walks a whole journey, with API round trips that take seconds on a shared machine. */
const journeyTimeout = 120_000;

const totalOf = (page: Page, name: string) => page.locator(`[data-total="${name}"]`).textContent();
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
const euros = (amount: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(amount);

test(
  'a draft with two lines at two VAT rates: live totals, reordered from the keyboard, saved, then edited',
  async () => {
    const { page, problems } = await signedIn('/invoices');
    await page.getByRole('heading', { level: 1, name: 'Factures' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Nouvelle facture' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nouvelle facture' }).waitFor();
    expect(await page.getByRole('button', { name: 'Enregistrer le brouillon' }).isDisabled()).toBe(true);
    await page.getByLabel('Nom du client').fill('Camille Martin');
    await page.getByLabel('Société').fill('Atelier Martin');
    // The browser refuses what the procedure's schema would, in French beside the field.
    await page.getByLabel('E-mail du client').fill('camille@');
    await page.keyboard.press('Tab');
    await page.getByText('Saisissez une adresse e-mail valide.').waitFor();
    expect(await page.getByLabel('E-mail du client').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('E-mail du client').fill('camille@atelier-martin.test');
    const line = (position: number) => page.locator(`[data-line="${position}"]`);
    await line(1).getByLabel('Description').fill('Conseil');
    await line(1).getByLabel('Quantité').fill('2');
    await line(1).getByLabel('Prix unitaire HT').fill('150');
    await page.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await line(2).getByLabel('Description').fill('Livre');
    await line(2).getByLabel('Quantité').fill('3');
    await line(2).getByLabel('Prix unitaire HT').fill('12,50');
    await line(2).getByLabel('TVA').selectOption({ label: '5,5 %' });
    await expect.poll(() => totalOf(page, 'subtotal')).toBe(euros(337.5));
    expect(await totalOf(page, 'vat-20')).toBe(euros(60));
    expect(await totalOf(page, 'vat-5.5')).toBe(euros(2.06));
    expect(await totalOf(page, 'total')).toBe(euros(399.56));

    // Reordered from the keyboard: the focus follows the line moved.
    await page.getByRole('button', { name: 'Monter la ligne 2' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => line(1).getByLabel('Description').inputValue()).toBe('Livre');
    await expect.poll(() => focusedLabel(page)).toBe('Descendre la ligne 1');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
    await page.waitForURL((url) => /\/invoices\/inv_[^/]+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: /^Facture INV-/ }).waitFor();
    draftId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    const saved = await apiInvoice(page, draftId);
    expect(saved.status).toBe('DRAFT');
    expect(saved.lines.map((l) => [l.description, l.quantity, l.taxRate])).toEqual([
      ['Livre', 3, 5.5],
      ['Conseil', 2, 20],
    ]);
    expect(saved.totals.total).toBe(399.56);
    await expectAccessible(page);

    // Edited: Save waits for a change; a refusal puts the server's words beside the field and keeps everything typed.
    await page.getByRole('link', { name: 'Modifier' }).click();
    await page.getByRole('heading', { level: 1, name: /^Modifier la facture INV-/ }).waitFor();
    const save = page.getByRole('button', { name: 'Enregistrer', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('SIREN du client').fill('552 100 554');
    await line(1).getByLabel('Quantité').fill('4');
    await expect.poll(() => totalOf(page, 'total')).toBe(euros(412.75));
    await page
      .getByLabel('Exonération de TVA')
      .selectOption({ label: 'Franchise en base (art. 293 B du CGI)' });
    await save.click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('Certains champs sont à corriger.');
    const exemption = page.getByLabel('Exonération de TVA');
    await expect.poll(() => exemption.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('SIREN du client').inputValue()).toBe('552 100 554');
    expect(await line(1).getByLabel('Quantité').inputValue()).toBe('4');
    await expectAccessible(page);
    await exemption.selectOption({ label: 'Aucune' });
    await save.click();
    await page.getByRole('heading', { level: 1, name: /^Facture INV-/ }).waitFor();
    const edited = await apiInvoice(page, draftId);
    expect(edited.clientSiren).toBe('552100554');
    expect(edited.totals.total).toBe(412.75);
    expect(problems).toEqual([]);
    await page.context().close();
  },
  journeyTimeout,
);

test(
  'sent, then paid in part and in full (PARTIAL, then PAID); its PDF and XML; the detail in English',
  async () => {
    const { page, problems } = await signedIn(`/invoices/${draftId}`);
    await page.getByRole('heading', { level: 1, name: /^Facture INV-/ }).waitFor();
    await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /^Envoyer la facture INV-/ }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Envoyer la facture' }).click();
    const status = page.locator('[data-invoice-status]').first();
    await expect.poll(() => status.textContent()).toBe('Envoyée');
    expect((await apiInvoice(page, draftId)).status).toBe('SENT');

    await page.getByRole('button', { name: 'Enregistrer un paiement' }).click();
    const amount = dialog.getByLabel('Montant');
    await expect.poll(() => amount.inputValue()).toBe('412.75');
    await expectAccessible(page);
    await amount.fill('100');
    await dialog.getByLabel('Moyen de paiement').selectOption({ label: 'Chèque' });
    await dialog.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await expect.poll(() => status.textContent()).toBe('Partiellement payée');
    const partial = await apiInvoice(page, draftId);
    expect([partial.status, partial.paidAmount, partial.totals.balance]).toEqual(['PARTIAL', 100, 312.75]);
    await page.getByRole('cell', { name: 'Chèque' }).waitFor();

    await page.getByRole('button', { name: 'Enregistrer un paiement' }).click();
    await expect.poll(() => amount.inputValue()).toBe('312.75');
    await dialog.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await expect.poll(() => status.textContent()).toBe('Payée');
    const paid = await apiInvoice(page, draftId);
    expect([paid.status, paid.paidAmount, paid.totals.balance]).toEqual(['PAID', 412.75, 0]);
    expect(await page.getByRole('button', { name: 'Enregistrer un paiement' }).count()).toBe(0);

    // The PDF opens in a new tab from the bytes the API sent, as a named file (the files handed to
    // URL.createObjectURL are kept aside to read them back); the XML is downloaded under its name.
    await page.evaluate(() => {
      const made: Blob[] = [];
      (window as unknown as { madeFiles: Blob[] }).madeFiles = made;
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (file: Blob | MediaSource) => {
        if (file instanceof Blob) made.push(file);
        return create(file);
      };
    });
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Ouvrir le PDF' }).click();
    await (await popup).close();
    const opened = await page.evaluate(async () => {
      const file = (window as unknown as { madeFiles: File[] }).madeFiles.at(-1);
      return file && { name: file.name, type: file.type, head: await file.slice(0, 4).text() };
    });
    expect(opened).toEqual({ name: `${paid.number}.pdf`, type: 'application/pdf', head: '%PDF' });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger le XML Factur-X' }).click();
    const xml = await download;
    expect(xml.suggestedFilename()).toMatch(/\.xml$/);
    const stream = await xml.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toMatch(/^<\?xml/);
    expect(problems).toEqual([]);
    await page.context().close();

    const english = await signedIn(`/invoices/${draftId}`, 'en-US');
    await english.page.getByRole('heading', { level: 1, name: `Invoice ${paid.number}` }).waitFor();
    await expect.poll(() => english.page.locator('[data-invoice-status]').first().textContent()).toBe('Paid');
    await expectAccessible(english.page);
    expect(english.problems).toEqual([]);
    await english.page.context().close();
  },
  journeyTimeout,
);

test(
  'a sent invoice cancelled by a credit note: each links to the other',
  async () => {
    const invoice = await sentInvoice('Boulangerie Dupont');
    // Found from the list: the search with the status filter, both in the URL.
    const { page, problems } = await signedIn('/invoices');
    await page.getByLabel('Rechercher une facture').fill('dupont');
    await page.waitForURL((url) => url.searchParams.get('q') === 'dupont');
    const rows = page.getByRole('table', { name: 'Factures' }).locator('tbody tr');
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining(invoice.number)]);
    await page.getByLabel('Statut').selectOption({ label: 'Payée' });
    await page.getByRole('heading', { name: 'Aucune facture ne correspond à « dupont »' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Effacer la recherche' }).click();
    await page.waitForURL((url) => !url.searchParams.has('q') && url.searchParams.get('status') === 'PAID');
    await page.getByLabel('Statut').selectOption({ label: 'Envoyée' });
    await page.getByRole('link', { name: invoice.number }).click();
    await page.getByRole('heading', { level: 1, name: `Facture ${invoice.number}` }).waitFor();
    await page.getByRole('button', { name: 'Annuler par un avoir' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Annuler la facture ${invoice.number} ?` }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Émettre l’avoir' }).click();
    await expect.poll(() => page.locator('[data-invoice-status]').first().textContent()).toBe('Annulée');
    const cancelled = await apiInvoice(page, invoice.id);
    expect(cancelled.status).toBe('CANCELLED');
    const creditNote = await apiInvoice(page, cancelled.creditNoteId ?? '');
    // The timeline tells the story, oldest first: made and sent through core, cancelled by you.
    const timeline = page.locator('[data-event]');
    await expect
      .poll(async () => timeline.evaluateAll((items) => items.map((item) => item.getAttribute('data-event'))))
      .toEqual(['invoice.created', 'invoice.sent', 'invoice.cancelled', 'credit_note.created']);
    expect(await timeline.nth(2).textContent()).toMatch(/^Facture annulée · .+, par vous$/);
    await page
      .getByText('Cette facture est annulée par l’avoir')
      .getByRole('link', { name: creditNote.number })
      .click();
    await page.getByRole('heading', { level: 1, name: `Avoir ${creditNote.number}` }).waitFor();
    await expectAccessible(page);
    await page.getByText('Cet avoir annule la facture').getByRole('link', { name: invoice.number }).click();
    await page.getByRole('heading', { level: 1, name: `Facture ${invoice.number}` }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  },
  journeyTimeout,
);

test(
  'a sales member makes a draft, but sees neither Send nor Record a payment',
  async () => {
    const email = 'vente@demo.comptoir.test';
    await createUser(app.db.orm.em.fork(), { workspaceId: seed.workspaceId, email, password, role: 'sales' });
    const sent = await sentInvoice('Épicerie Moreau');
    const { page, problems } = await signedIn('/invoices', 'fr-FR', email);
    await page.getByRole('link', { name: 'Nouvelle facture' }).click();
    await page.getByLabel('Nom du client').fill('Jeanne Petit');
    await page.getByLabel('E-mail du client').fill('jeanne@petit.test');
    await page.locator('[data-line="1"]').getByLabel('Description').fill('Atelier découverte');
    await page.locator('[data-line="1"]').getByLabel('Prix unitaire HT').fill('90');
    // A line from the catalogue: the product's name, price and VAT rate.
    await page.getByRole('button', { name: 'Ajouter depuis le catalogue' }).click();
    await page.getByLabel('Rechercher un produit').fill('cafe');
    await page.getByRole('button', { name: /^Café en grains 1 kg/ }).click();
    const line2 = page.locator('[data-line="2"]');
    await expect.poll(() => line2.getByLabel('Description').inputValue()).toBe('Café en grains 1 kg');
    expect(await line2.getByLabel('TVA').inputValue()).toBe('5.5');
    await expect.poll(() => totalOf(page, 'total')).toBe(euros(127.94));
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
    await page.getByRole('heading', { level: 1, name: /^Facture INV-/ }).waitFor();
    await page.getByRole('link', { name: 'Modifier' }).waitFor();
    expect(await page.getByRole('button', { name: 'Envoyer', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Annuler le brouillon' }).count()).toBe(0);

    await page.goto(`/app/${seed.workspaceId}/invoices/${sent.id}`);
    await page.getByRole('heading', { level: 1, name: `Facture ${sent.number}` }).waitFor();
    await page.getByRole('button', { name: 'Ouvrir le PDF' }).waitFor();
    expect(await page.getByRole('button', { name: 'Enregistrer un paiement' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Annuler par un avoir' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Modifier' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  },
  journeyTimeout,
);
