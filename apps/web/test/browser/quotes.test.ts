import { readFile } from 'node:fs/promises';
import { createQuote, createUser, seedDemoWorkspace, sendQuote } from '@comptoir/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppUnderTest, expectAccessible, startAppUnderTest } from './app.ts';

// Quotes in the app: the list (filter, empty states), a quote's detail, its lifecycle from the
// detail's actions, and a draft's editor. Results are checked through the REST API as well.

let app: AppUnderTest;
let seed: Awaited<ReturnType<typeof seedDemoWorkspace>>;
const password = 'mot-de-passe-des-devis';
/** Each test walks a whole journey, axe on every screen: more than vitest's 30 s on two busy cores. */
const journeyMs = 90_000;

beforeAll(async () => {
  app = await startAppUnderTest();
  seed = await seedDemoWorkspace(app.db.orm.em.fork(), { ownerPassword: password });
});
afterAll(async () => {
  await app?.close();
});

/** A signed-in page of the app at `path` (sign-in by HTTP: the form is not the point here). */
async function openSignedIn(path: string, locale: 'fr-FR' | 'en-US' = 'fr-FR', email = seed.owner.email) {
  const watched = await app.open('/app/sign-in', locale);
  const answer = await watched.page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
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
  clientCompany: string | null;
  invoiceId: string | null;
  totals: { total: number };
}

const table = (page: Page) => page.getByRole('table', { name: 'Devis' });

test(
  'the list shows the quotes, filters them by status in the URL, and says when none has that status',
  async () => {
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
  },
  journeyMs,
);

test(
  'a quote’s detail shows its client, lines and totals per VAT rate as the API has them',
  async () => {
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
    await page.getByRole('button', { name: 'Marquer comme accepté' }).waitFor();
    // The demo's sent quote answers an opportunity: the link opens it on the board.
    const opportunityId = (await rest<{ opportunityId: string | null }>(`/quotes/${sent.id}`)).opportunityId;
    await page.getByRole('link', { name: 'Voir l’opportunité' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname.endsWith('/opportunities') && url.searchParams.get('opportunity') === opportunityId,
    );
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: sent.number }).waitFor();
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await page.context().close();

    // An accountant reads quotes but may not write them: the PDF, and no action nor new quote.
    const accountant = 'comptable@demo.comptoir.test';
    await createUser(app.db.orm.em.fork(), {
      email: accountant,
      password,
      workspaceId: seed.workspaceId,
      role: 'accountant',
    });
    const reader = await openSignedIn(`/quotes/${sent.id}`, 'fr-FR', accountant);
    await reader.page.getByRole('button', { name: 'Ouvrir le PDF' }).waitFor();
    const header = reader.page.getByRole('main').getByRole('button');
    expect(await header.allTextContents()).toEqual(['Ouvrir le PDF']);
    await reader.page.getByRole('link', { name: '← Tous les devis' }).click();
    await table(reader.page).waitFor();
    expect(await reader.page.getByRole('link', { name: 'Nouveau devis' }).count()).toBe(0);
    expect(reader.problems).toEqual([]);
    await reader.page.context().close();
  },
  journeyMs,
);

const euros = (amount: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(amount);

/** Clicks an action of the detail, checks its dialog (axe), confirms, and waits for the toast. */
async function act(page: Page, action: string, confirm: string, done: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await page.getByRole('status').filter({ hasText: done }).first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

test(
  'a new quote with two lines at two VAT rates: live totals, then sent, signed, accepted and converted into an invoice with the same lines',
  async () => {
    const { page, problems } = await openSignedIn('/quotes');
    await page.getByRole('link', { name: 'Nouveau devis' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nouveau devis' }).waitFor();
    const save = page.getByRole('button', { name: 'Créer le brouillon' });
    expect(await save.isDisabled()).toBe(true);

    // The client from a contact of the workspace, its fields still editable.
    await page.getByLabel('Reprendre un contact (facultatif)').fill('camille');
    await page
      .getByRole('list', { name: 'Contacts trouvés' })
      .getByRole('button', { name: /^Camille Martin/ })
      .click();
    await page.getByText('Lié au contact Camille Martin.').waitFor();
    await expect.poll(() => page.getByLabel('Nom du client').inputValue()).toBe('Camille Martin');
    await expect
      .poll(() => page.getByLabel('E-mail du client').inputValue())
      .toBe('camille@bistrot-halles.test');
    await page.getByLabel('Société (facultatif)').fill('Atelier Moreau');
    await page.getByLabel('Validité (jours)').fill('45');
    const line = (position: number) => page.getByRole('group', { name: `Ligne ${position}` });
    await line(1).getByLabel('Description').fill('Conception du site');
    await line(1).getByLabel('Quantité').fill('3');
    await line(1).getByLabel('Prix unitaire HT').fill('450');
    await page.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await line(2).getByLabel('Description').fill('Livres de recettes');
    await line(2).getByLabel('Quantité').fill('10');
    await line(2).getByLabel('Prix unitaire HT').fill('12,50');
    await line(2).getByLabel('TVA').selectOption('5.5');
    // Totals as typed: 1 350 + 125 excluding tax, VAT 270 + 6.88, 1 751.88 in all.
    const totals = page.getByRole('region', { name: 'Totaux' });
    await expect.poll(() => totals.locator('[data-total="subtotal"]').textContent()).toBe(euros(1475));
    await expect.poll(() => totals.locator('[data-total="vat-20"]').textContent()).toBe(euros(270));
    await expect.poll(() => totals.locator('[data-total="vat-5.5"]').textContent()).toBe(euros(6.88));
    await expect.poll(() => totals.locator('[data-total="total"]').textContent()).toBe(euros(1751.88));
    await expectAccessible(page);
    await save.click();

    await page.getByRole('heading', { level: 1, name: 'Devis brouillon' }).waitFor();
    const quoteId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    const created = await rest<RestQuote & { validityDays: number; lines: { description: string }[] }>(
      `/quotes/${quoteId}`,
    );
    expect(created).toMatchObject({
      status: 'DRAFT',
      clientName: 'Camille Martin',
      clientCompany: 'Atelier Moreau',
      validityDays: 45,
    });
    expect(created.totals.total).toBe(1751.88);
    await page.getByText('45 jours à compter de l’envoi').waitFor();
    await expectAccessible(page);

    await act(page, 'Marquer comme envoyé', 'Marquer comme envoyé', 'Devis marqué comme envoyé.');
    const sent = await rest<RestQuote>(`/quotes/${quoteId}`);
    expect(sent.status).toBe('SENT');
    await page.getByRole('heading', { level: 1, name: sent.number ?? '' }).waitFor();
    await act(page, 'Demander la signature', 'Demander la signature', 'Signature demandée.');
    await page.getByRole('button', { name: 'Demander la signature' }).waitFor({ state: 'detached' });
    await act(page, 'Marquer comme accepté', 'Marquer comme accepté', 'Devis accepté.');
    expect((await rest<RestQuote>(`/quotes/${quoteId}`)).status).toBe('ACCEPTED');
    // The history says what happened, oldest first, and who did it.
    const history = page.getByRole('region', { name: 'Historique' }).getByRole('listitem');
    await expect
      .poll(async () => (await history.allTextContents()).map((item) => item.replace(/^.*?\d{2}:\d{2}/, '')))
      .toEqual([
        'Brouillon créépar vous',
        'Brouillon modifiépar vous',
        'Marqué comme envoyépar vous',
        'Signature demandéepar vous',
        'Accepté par le clientpar vous',
      ]);

    await act(page, 'Convertir en facture', 'Créer la facture', 'Facture brouillon créée depuis le devis.');
    const converted = await rest<RestQuote>(`/quotes/${quoteId}`);
    expect(converted.invoiceId).not.toBeNull();
    // The new invoice's detail opens, to be reviewed before it is sent.
    await page.waitForURL(
      (url) => url.pathname === `/app/${seed.workspaceId}/invoices/${converted.invoiceId}`,
    );
    const invoice = await rest<{ status: string; lines: { description: string; quantity: number }[] }>(
      `/invoices/${converted.invoiceId}`,
    );
    expect(invoice.status).toBe('DRAFT');
    expect(invoice.lines.map((l) => [l.description, l.quantity])).toEqual(
      created.lines.map((l) => [l.description, (l as unknown as { quantity: number }).quantity]),
    );
    // Back on the quote: it links to its invoice, and offers no second conversion.
    await page.goBack();
    await page.getByRole('link', { name: 'Voir la facture' }).waitFor();
    await page.getByRole('button', { name: 'Archiver' }).waitFor();
    expect(await page.getByRole('button', { name: 'Convertir en facture' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  },
  journeyMs,
);

/** A quote made through core, as another member would have made it. */
async function quoteFor(clientName: string, options: { sent: boolean }) {
  const em = app.db.orm.em.fork();
  const quote = await createQuote(em, seed.workspaceId, {
    clientName,
    clientEmail: 'client@exemple.test',
    lines: [{ title: 'Atelier de dégustation', quantity: 2, unitPrice: 80, taxRate: 20 }],
  });
  if (options.sent) await sendQuote(em, seed.workspaceId, quote.id);
  return quote.id;
}

test(
  'a draft is edited (Save waits for a change), then deleted; a sent quote is rejected',
  async () => {
    const draftId = await quoteFor('Paul Lefèvre', { sent: false });
    const { page, problems } = await openSignedIn(`/quotes/${draftId}`);
    await page.getByRole('heading', { level: 1, name: 'Devis brouillon' }).waitFor();
    await page.getByRole('link', { name: 'Modifier' }).click();
    await page.getByRole('heading', { level: 1, name: 'Modifier le brouillon' }).waitFor();
    const save = page.getByRole('button', { name: 'Enregistrer' });
    await page.getByLabel('Objet').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Objet').fill('Atelier pour l’équipe');
    await page.getByRole('group', { name: 'Ligne 1' }).getByLabel('Quantité').fill('3');
    // A refusal of the schema stays beside its field, and keeps what was typed.
    await page.getByLabel('Validité (jours)').fill('400');
    await save.click();
    await page.getByLabel('Validité (jours)').and(page.locator('[aria-invalid="true"]')).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Validité (jours)').fill('15');
    await save.click();
    await page.getByRole('status').filter({ hasText: 'Devis enregistré.' }).first().waitFor();
    await page.getByRole('heading', { level: 1, name: 'Devis brouillon' }).waitFor();
    const edited = await rest<{ title: string; validityDays: number; totals: { total: number } }>(
      `/quotes/${draftId}`,
    );
    expect(edited).toMatchObject({ title: 'Atelier pour l’équipe', validityDays: 15 });
    expect(edited.totals.total).toBe(288);

    // From the keyboard: the dialog opens on Cancel, Escape closes it and gives the focus back.
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    await page.getByRole('button', { name: 'Supprimer le brouillon' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await expect.poll(focused).toBe('Annuler');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(focused).toBe('Supprimer le brouillon');
    await act(page, 'Supprimer le brouillon', 'Supprimer', 'Brouillon supprimé.');
    await page.waitForURL((url) => url.pathname === `/app/${seed.workspaceId}/quotes`);
    const gone = await fetch(`${app.api.baseUrl}/api/v1/quotes/${draftId}`, {
      headers: { authorization: `Bearer ${seed.key}` },
    });
    expect(gone.status).toBe(404);

    const sentId = await quoteFor('Claire Dubois', { sent: true });
    await page.goto(`/app/${seed.workspaceId}/quotes?q=claire%20dubois`);
    const rows = table(page).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    await table(page).getByRole('link').click();
    await page.getByText('Claire Dubois').first().waitFor();
    await act(page, 'Marquer comme refusé', 'Marquer comme refusé', 'Devis marqué comme refusé.');
    expect((await rest<RestQuote>(`/quotes/${sentId}`)).status).toBe('REJECTED');
    // Once refused, only archiving is left.
    await page.getByRole('button', { name: 'Archiver' }).waitFor();
    expect(await page.getByRole('button', { name: 'Marquer comme accepté' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  },
  journeyMs,
);

test(
  'in English: the detail, a search that finds nothing, and the PDF opens in a new tab',
  async () => {
    const sentId = await quoteFor('Hugo Garnier', { sent: true });
    const { page, problems } = await openSignedIn(`/quotes/${sentId}`, 'en-US');
    const quote = await rest<RestQuote>(`/quotes/${sentId}`);
    await page.getByRole('heading', { level: 1, name: quote.number ?? '' }).waitFor();
    await page.getByRole('table', { name: 'Quote lines' }).waitFor();
    await page.getByText('€192.00', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Mark as accepted' }).waitFor();
    await expectAccessible(page);

    // A new tab opens on the PDF's bytes; the headless browser has no PDF viewer, so it saves them.
    const popup = page.waitForEvent('popup');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Open the PDF' }).click();
    const tab = await popup;
    const saved = await download;
    expect(saved.url()).toMatch(/^blob:/);
    const head = (await readFile(await saved.path())).subarray(0, 4).toString('latin1');
    expect(head).toBe('%PDF');
    await tab.close();

    await page.getByRole('link', { name: '← All quotes' }).click();
    await page.getByLabel('Search quotes').fill('zzz-nobody');
    await page.getByRole('heading', { level: 2, name: 'No quote matches “zzz-nobody”' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Clear the search' }).click();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    expect(problems).toEqual([]);
    await page.context().close();
  },
  journeyMs,
);
