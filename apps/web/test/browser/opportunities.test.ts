import { changeMemberRole, createOpportunity, createUser, seedDemoWorkspace } from '@comptoir/core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppUnderTest, expectAccessible, startAppUnderTest } from './app.ts';

// The opportunity board: a writer creates and edits an opportunity in the side sheet, moves
// cards by drag and drop, by dnd-kit's keyboard path and by the "Déplacer vers…" menu (the API
// shows each new status); a move the server refuses goes back where it was and says why; a
// member without write:opportunities sees the board read-only (in English).

let app: AppUnderTest;
let seed: Awaited<ReturnType<typeof seedDemoWorkspace>>;
const password = 'mot-de-passe-du-tableau';
const salesEmail = 'vente@demo.comptoir.test';
let salesUserId: string;

beforeAll(async () => {
  app = await startAppUnderTest();
  seed = await seedDemoWorkspace(app.db.orm.em.fork(), { ownerPassword: password });
  const sales = await createUser(app.db.orm.em.fork(), {
    workspaceId: seed.workspaceId,
    email: salesEmail,
    password,
    role: 'sales',
    name: 'Vente',
  });
  salesUserId = sales.user.id;
});
afterAll(async () => {
  await app?.close();
});

/** A journey signs in (scrypt) and waits on the API at each step: on two shared cores, 30 s is short. */
const journeyTimeout = 60_000;

interface Opportunity {
  id: string;
  title: string;
  status: string;
  amount: number | null;
  company: { id: string; name: string } | null;
  contactEmail: string | null;
  priority: string | null;
  nextFollowUpAt: string | null;
}

/** The public API, with the demo workspace's key: what the server holds, whatever the page shows. */
async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${app.api.baseUrl}/api/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${seed.key}`, 'content-type': 'application/json', ...init.headers },
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

const opportunity = (id: string) => api<Opportunity>(`/opportunities/${id}`);
const statusOf = async (id: string) => (await opportunity(id)).status;
const createThroughTheApi = (title: string, amount: number) =>
  api<Opportunity>('/opportunities', { method: 'POST', body: JSON.stringify({ title, amount }) });

/** Signs in over HTTP (the form has its own tests), then opens the board. */
async function openBoard(email: string, locale: 'fr-FR' | 'en-US' = 'fr-FR') {
  const opened = await app.open('/app/sign-in', locale);
  // A step that never comes fails by its own name, well before the test's time is up.
  opened.page.setDefaultTimeout(15_000);
  const signedIn = await opened.page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: app.api.baseUrl },
  });
  expect(signedIn.ok()).toBe(true);
  await opened.page.goto(`/app/${seed.workspaceId}/opportunities`);
  await opened.page
    .getByRole('region', { name: locale === 'fr-FR' ? 'Tableau des opportunités' : 'Opportunity board' })
    .waitFor();
  return opened;
}

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (where: Page | Locator, title: string) =>
  where.getByRole('article', { name: title, exact: true });
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
  });

test(
  'a writer creates an opportunity in the sheet, company and contact found by search, then edits it',
  async () => {
    const { page, problems } = await openBoard(seed.owner.email);
    await page.getByRole('heading', { level: 1, name: 'Opportunités' }).waitFor();
    await card(column(page, 'Chaude'), 'Café du brunch').waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Nouvelle opportunité' }).click();
    await page.waitForURL((url) => url.searchParams.get('sheet') === 'new');
    const sheet = page.getByRole('dialog', { name: 'Nouvelle opportunité' });
    await sheet.waitFor();
    await sheet.getByRole('button', { name: 'Créer l’opportunité' }).click();
    // The procedure's own schema refuses an empty title beside the field, nothing is sent.
    await expect.poll(() => sheet.getByLabel('Titre').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);

    await sheet.getByLabel('Titre').fill('Torréfaction sur mesure');
    // Escape with something typed asks before losing it; staying keeps what was typed.
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Abandonner les modifications ?' });
    await question.getByRole('button', { name: 'Annuler' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await sheet.getByLabel('Titre').inputValue()).toBe('Torréfaction sur mesure');
    await sheet.getByLabel('Montant HT (€)').fill('1 250,50');
    await sheet.getByRole('combobox', { name: 'Contact' }).fill('Camille');
    await sheet.getByRole('option', { name: /camille@bistrot-halles\.test/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // The contact's company comes along with it.
    await expect.poll(() => sheet.getByRole('combobox', { name: 'Société' }).inputValue()).not.toBe('');
    const companyName = await sheet.getByRole('combobox', { name: 'Société' }).inputValue();
    await sheet.getByRole('button', { name: 'Créer l’opportunité' }).click();
    await page.getByText('Opportunité « Torréfaction sur mesure » créée.', { exact: true }).waitFor();
    await sheet.waitFor({ state: 'hidden' });

    const drafts = column(page, 'Brouillon');
    const created = card(drafts, 'Torréfaction sur mesure');
    await created.waitFor();
    await expect.poll(() => created.textContent()).toContain(companyName);
    await expect
      .poll(() => drafts.locator('header').textContent())
      .toMatch(/^Brouillon2 opportunités · Total 1\s250,50\s€$/);
    const listed = await api<Opportunity[]>('/opportunities?status=DRAFT');
    const saved = listed.find((other) => other.title === 'Torréfaction sur mesure');
    expect(saved).toMatchObject({
      amount: 1250.5,
      contactEmail: 'camille@bistrot-halles.test',
      company: { name: companyName },
    });

    // Opened from its card, through the URL; a follow-up gone by shows as late, in words.
    await created.getByRole('link', { name: 'Torréfaction sur mesure' }).click();
    await page.waitForURL((url) => url.searchParams.get('opportunity') === saved?.id);
    const edit = page.getByRole('dialog', { name: 'Modifier l’opportunité' });
    // The amount as French writes it, the contact by name; Escape in a picker closes its list, not the sheet.
    expect(await edit.getByLabel('Montant HT (€)').inputValue()).toBe('1250,5');
    await expect
      .poll(() => edit.getByRole('combobox', { name: 'Contact' }).inputValue())
      .toBe('Camille Martin');
    await edit.getByRole('combobox', { name: 'Société' }).fill('Hôtel');
    await edit.getByRole('option', { name: /Hôtel du Parc/ }).waitFor();
    await page.keyboard.press('Escape');
    await edit.getByRole('option').first().waitFor({ state: 'hidden' });
    expect(await edit.getByRole('combobox', { name: 'Société' }).inputValue()).toBe(companyName);
    await edit.getByLabel('Priorité').selectOption({ label: 'Haute' });
    await edit.getByLabel('Prochaine relance').fill('2026-01-05');
    await expectAccessible(page);
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Opportunité « Torréfaction sur mesure » enregistrée.', { exact: true }).waitFor();
    await expect.poll(() => created.textContent()).toContain('Relance en retard : 5 janv. 2026');
    await expect.poll(() => created.textContent()).toContain('Priorité : Haute');
    expect(await opportunity(saved?.id ?? '')).toMatchObject({
      priority: 'high',
      nextFollowUpAt: '2026-01-05T00:00:00.000Z',
    });
    expect(problems).toEqual([]);
    await page.context().close();
  },
  journeyTimeout,
);

test(
  'a card moves by drag and drop, by the keyboard (Space, arrows, Space) and by its "Déplacer vers…" menu',
  async () => {
    const moved = await createThroughTheApi('Coffrets de Noël', 640);
    const { page, problems } = await openBoard(seed.owner.email);
    const title = 'Coffrets de Noël';

    // The mouse: pressed on the card, moved over the third column in steps, released.
    const from = await card(column(page, 'Brouillon'), title).boundingBox();
    const to = await column(page, 'En attente de réponse').boundingBox();
    if (from === null || to === null) throw new Error('the card or the column is not on screen');
    await page.mouse.move(from.x + 6, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + from.height / 2, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 10 });
    await page.mouse.up();
    await card(column(page, 'En attente de réponse'), title).waitFor();
    await expect.poll(() => statusOf(moved.id)).toBe('WAITING_REPLY');

    // The keyboard, dnd-kit's way: Space takes the card, an arrow picks the next column, Space drops it.
    const handle = card(column(page, 'En attente de réponse'), title).getByRole('button', {
      name: `Glisser « ${title} »`,
    });
    await handle.focus();
    // Each key waits for what a screen reader hears of the one before (dnd-kit's live region).
    const heard = () => page.locator('[id^="DndLiveRegion"]').textContent();
    await page.keyboard.press('Space');
    await expect.poll(heard).toContain(`Carte « ${title} » saisie.`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(heard).toContain(`Carte « ${title} » au-dessus de la colonne « Réponse reçue ».`);
    await page.keyboard.press('Space');
    await expect.poll(heard).toContain(`Carte « ${title} » déposée dans la colonne « Réponse reçue ».`);
    await card(column(page, 'Réponse reçue'), title).waitFor();
    await expect.poll(() => statusOf(moved.id)).toBe('REPLIED');
    // The focus stays on the card that moved.
    await expect.poll(() => focusedName(page)).toBe(`Glisser « ${title} »`);

    // The menu, with no drag at all: Tab to it, Enter, the arrows, Enter.
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedName(page)).toBe(`Déplacer vers… (« ${title} »)`);
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await expectAccessible(page);
    // Each arrow waits for the focus to reach the next item: a key pressed before the menu has
    // focused its first item, or before the last move landed, would be lost.
    const items = (await page.getByRole('menuitem').allTextContents()).map((item) => item.trim());
    await expect.poll(() => focusedName(page)).toBe(items[0]);
    for (let step = 1; step <= items.indexOf('Gagnée'); step++) {
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focusedName(page)).toBe(items[step]);
    }
    await page.keyboard.press('Enter');
    await card(column(page, 'Gagnée'), title).waitFor();
    await expect.poll(() => statusOf(moved.id)).toBe('WON');
    await expect.poll(() => focusedName(page)).toBe(`Déplacer vers… (« ${title} »)`);
    expect(problems).toEqual([]);
    await page.context().close();
  },
  journeyTimeout,
);

test(
  'a move the server refuses goes back and says why; without write:opportunities the board is read-only (English)',
  async () => {
    const held = await createThroughTheApi('Dégustation du personnel', 300);
    const { page, problems } = await openBoard(salesEmail);
    const title = 'Dégustation du personnel';
    await card(column(page, 'Brouillon'), title).waitFor();
    // The owner takes the right away while the page still offers it: the server refuses.
    await changeMemberRole(app.db.orm.em.fork(), seed.workspaceId, {
      userId: salesUserId,
      role: 'accountant',
    });
    await card(column(page, 'Brouillon'), title)
      .getByRole('button', { name: /^Déplacer vers…/ })
      .click();
    await page.getByRole('menuitem', { name: 'Chaude' }).click();
    await page
      .getByText(`« ${title} » n’a pas pu passer en « Chaude » : Votre rôle ne permet pas cette action.`, {
        exact: true,
      })
      .waitFor();
    await card(column(page, 'Brouillon'), title).waitFor();
    expect(await card(column(page, 'Chaude'), title).count()).toBe(0);
    expect(await statusOf(held.id)).toBe('DRAFT');
    expect(problems).toEqual([]);
    await page.context().close();

    const english = await openBoard(salesEmail, 'en-US');
    await english.page.getByRole('heading', { level: 1, name: 'Opportunities' }).waitFor();
    await english.page
      .getByText('Read only: your role lets you view opportunities, not change them.', { exact: true })
      .waitFor();
    const drafts = column(english.page, 'Draft');
    await card(drafts, title).waitFor();
    expect(await english.page.getByRole('button', { name: /^Move to…/ }).count()).toBe(0);
    expect(await english.page.getByRole('button', { name: /^Drag/ }).count()).toBe(0);
    expect(await english.page.getByRole('link', { name: 'New opportunity' }).count()).toBe(0);
    await expect.poll(() => card(drafts, title).textContent()).toContain('€300.00');
    await expectAccessible(english.page);
    expect(english.problems).toEqual([]);
    await english.page.context().close();
  },
  journeyTimeout,
);

test(
  'a column of a few hundred cards shows every page of them, its count and sum exact, and its oldest card still moves',
  async () => {
    // 240 lost deals of 0.10 € (added as floats, they would make 23.999999999999964), beside the seed's one of 800 €.
    const em = app.db.orm.em.fork();
    const many = 240;
    for (let index = 0; index < many; index++)
      await createOpportunity(em, seed.workspaceId, {
        title: `Archive ${index + 1}`,
        amount: 0.1,
        status: 'LOST',
      });
    const { page, problems } = await openBoard(seed.owner.email);
    const lost = column(page, 'Perdue');
    await expect.poll(() => lost.getByRole('article').count()).toBe(many + 1);
    await expect
      .poll(() => lost.locator('header').textContent())
      .toMatch(/^Perdue241 opportunités · Total 824,00\s€$/);
    // The oldest is on the third page of the column: it is on the board, and moves like any other.
    const oldest = card(lost, 'Archive 1');
    await oldest.scrollIntoViewIfNeeded();
    await oldest.getByRole('button', { name: /^Déplacer vers…/ }).click();
    await page.getByRole('menuitem', { name: 'Chaude' }).click();
    await card(column(page, 'Chaude'), 'Archive 1').waitFor();
    await expect
      .poll(() => lost.locator('header').textContent())
      .toMatch(/^Perdue240 opportunités · Total 823,90\s€$/);
    const moved = (await api<Opportunity[]>('/opportunities?status=HOT')).find(
      (other) => other.title === 'Archive 1',
    );
    expect(moved?.status).toBe('HOT');
    expect(problems).toEqual([]);
    await page.context().close();
  },
  journeyTimeout,
);
