import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createUser, seedDemoWorkspace } from '@comptoir/core';
import { freePort } from '@comptoir/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Child, killChildren, startRedis, startWorker } from '../../../worker/test/processes.ts';
import { type AppUnderTest, expectAccessible, startAppUnderTest } from './app.ts';

// The settings, as an owner uses them: the business's legal identity, the members and their
// invitations (accepted in another browser), API keys, webhook endpoints and their deliveries
// (a real worker delivering to a receiver of this file), and the password pages outside a
// workspace. Every screen gets axe in French, one in English.

let app: AppUnderTest;
let seed: Awaited<ReturnType<typeof seedDemoWorkspace>>;
const password = 'mot-de-passe-des-reglages';
const children = new Set<Child>();
/** What the local receiver got: one entry per POST, with its webhook-id. */
const received: { id: string; body: string }[] = [];
let receiver: Server;

beforeAll(async () => {
  // The API accepts an http:// endpoint on 127.0.0.1, as `./run start` does on loopback.
  app = await startAppUnderTest({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  seed = await seedDemoWorkspace(app.db.orm.em.fork(), { ownerPassword: password });
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      received.push({ id: String(request.headers['webhook-id']), body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  // The worker gets a Redis of its own: its queue is not shared with other test files' workers.
  const redis = `redis://127.0.0.1:${await freePort()}`;
  await startRedis(Number(new URL(redis).port), children);
  await startWorker({ databaseUrl: app.db.url, redisUrl: redis }, children);
}, 120_000);

afterAll(async () => {
  await killChildren(children);
  await new Promise((resolve) => receiver?.close(resolve));
  await app?.close();
});

const workspace = () => seed.workspaceId;

/** Signs in over HTTP (the form is not the point here), then opens `path`. */
async function signedIn(
  path: string,
  locale: 'fr-FR' | 'en-US' = 'fr-FR',
  email = seed.owner.email,
  secret = password,
) {
  const opened = await app.open('/app/sign-in', locale);
  const answer = await opened.page.request.post('/api/auth/sign-in/email', {
    data: { email, password: secret },
    headers: { origin: app.api.baseUrl },
  });
  expect(answer.status()).toBe(200);
  await opened.page.goto(path);
  return opened;
}

/** A tRPC query as the page's person, in the workspace: what the API holds, not what the page shows. */
async function query<T>(page: Page, path: string, input: unknown = {}): Promise<T> {
  const answer = await page.request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: { 'x-comptoir-workspace': workspace() },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { result: { data: { data: T } } }).result.data.data;
}

async function mutate(page: Page, path: string, input: unknown): Promise<void> {
  const answer = await page.request.post(`/trpc/${path}`, {
    data: input,
    headers: { 'x-comptoir-workspace': workspace(), origin: app.api.baseUrl },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first();

test('the owner edits the legal identity: Save waits for a change, Undo puts it back, the server’s refusals land on their fields', async () => {
  const { page, problems } = await signedIn(`/app/${workspace()}/settings`);
  await page.waitForURL((url) => url.pathname === `/app/${workspace()}/settings/company`);
  await page.getByRole('heading', { level: 2, name: 'Entreprise' }).waitFor();
  await expect.poll(() => page.title()).toBe('Entreprise · Réglages · Comptoir');
  const save = page.getByRole('button', { name: 'Enregistrer' });
  expect(await save.isDisabled()).toBe(true);
  await expectAccessible(page);

  // A change shows the bar; Undo empties it again.
  const seededName = await page.getByLabel('Raison sociale').inputValue();
  await page.getByLabel('Raison sociale').fill('Brûlerie du Port SAS');
  await page.getByText('Modifications non enregistrées').waitFor();
  await page.getByRole('button', { name: 'Annuler les modifications' }).click();
  await expect.poll(() => page.getByLabel('Raison sociale').inputValue()).toBe(seededName);
  await expect.poll(() => save.isDisabled()).toBe(true);

  await page.getByLabel('Raison sociale').fill('Brûlerie du Port SAS');
  await page.getByLabel('Forme juridique').fill('SAS');
  await page.getByLabel('Capital social (€)').fill('10000');
  await page.getByLabel('SIREN').fill('732 829 320');
  // A valid SIRET of another SIREN: the browser accepts it, the server refuses it on its field.
  await page.getByLabel('SIRET').fill('44306184100013');
  await page.getByLabel('Numéro de TVA intracommunautaire').fill('FR44732829320');
  await page.getByLabel('Adresse', { exact: true }).fill('12 quai des Chartrons');
  await page.getByLabel('Code postal').fill('33000');
  await page.getByLabel('Ville', { exact: true }).fill('Bordeaux');
  // Refused by the browser, by the update's own schema, beside its field.
  await page.getByLabel('IBAN').fill('FR00 1234');
  await save.click();
  await expect.poll(() => page.getByLabel('IBAN').getAttribute('aria-invalid')).toBe('true');
  await page
    .getByText('Cet IBAN n’est pas valide : vérifiez-le sur votre relevé d’identité bancaire.')
    .waitFor();
  await page.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 189');
  await page.getByLabel('BIC').fill('BNPAFRPP');
  await page.getByLabel('Délai de paiement (jours)').fill('45');
  await save.click();
  await expect.poll(() => page.getByLabel('SIRET').getAttribute('aria-invalid')).toBe('true');
  await page
    .getByText('Ce SIRET n’est pas valide : 14 chiffres avec leur clé, commençant par le SIREN.')
    .waitFor();
  await toast(page, 'Certains champs sont à corriger.').waitFor();
  // The form kept everything typed; the SIRET is put right and the save goes through.
  expect(await page.getByLabel('Raison sociale').inputValue()).toBe('Brûlerie du Port SAS');
  await page.getByLabel('SIRET').fill('73282932000017');
  await save.click();
  await toast(page, 'Les informations de l’entreprise sont enregistrées.').waitFor();
  await expect.poll(() => save.isDisabled()).toBe(true);
  await expectAccessible(page);

  const stored = await query<Record<string, unknown>>(page, 'workspace.get');
  expect(stored).toMatchObject({
    legalName: 'Brûlerie du Port SAS',
    legalForm: 'SAS',
    shareCapital: 10000,
    siren: '732829320',
    siret: '73282932000017',
    vatNumber: 'FR44732829320',
    address: { lines: ['12 quai des Chartrons'], postalCode: '33000', city: 'Bordeaux', countryCode: 'FR' },
    iban: 'FR7630006000011234567890189',
    bic: 'BNPAFRPP',
    paymentTermsDays: 45,
  });
  // A reload shows what is stored.
  await page.reload();
  await expect.poll(() => page.getByLabel('SIRET').inputValue()).toBe('73282932000017');
  expect(problems).toEqual([]);
  await page.context().close();

  // In English, the same screen.
  const english = await signedIn(`/app/${workspace()}/settings/company`, 'en-US');
  await english.page.getByRole('heading', { level: 2, name: 'Company' }).waitFor();
  await english.page.getByLabel('Registered name').waitFor();
  await expectAccessible(english.page);
  expect(english.problems).toEqual([]);
  await english.page.context().close();
}, 120_000);

test('the owner invites an accountant, who makes an account from the link in another browser and lands in the workspace; the owner changes the role, cannot demote the last owner, removes the member, who accepts a new invitation signed in and goes straight in', async () => {
  const { page, problems } = await signedIn(`/app/${workspace()}/settings/members`);
  await page.getByRole('heading', { level: 2, name: 'Membres' }).waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Inviter une personne' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inviter une personne' });
  await dialog.getByLabel('Adresse e-mail').fill('compta@brulerie.test');
  await dialog.getByLabel('Rôle').selectOption({ label: 'Comptable' });
  await dialog.getByRole('button', { name: 'Créer l’invitation' }).click();
  const link = page
    .getByRole('dialog', { name: 'Invitation créée' })
    .getByRole('textbox', { name: 'Lien d’invitation pour compta@brulerie.test' });
  await expect.poll(() => link.inputValue()).toMatch(/\/app\/invitations\/accept\?token=/);
  const url = new URL(await link.inputValue());
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Terminé' }).click();
  // The dialog gives the focus back to what opened it.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
    .toBe('Inviter une personne');
  const invitations = page.getByRole('table', { name: 'Invitations en attente' });
  await invitations.getByRole('cell', { name: 'compta@brulerie.test', exact: true }).waitFor();

  // The invited person, in a browser of their own, not signed in.
  const invited = await app.open(`${url.pathname}${url.search}`, 'fr-FR');
  await invited.page.getByRole('heading', { level: 1, name: 'Invitation à rejoindre un espace' }).waitFor();
  await expectAccessible(invited.page);
  await invited.page.getByRole('button', { name: 'Accepter l’invitation' }).click();
  await invited.page.getByLabel('Votre nom').fill('Camille Compta');
  await invited.page.getByLabel('Nouveau mot de passe').fill('un mot de passe solide');
  await invited.page.getByLabel('Confirmez le mot de passe').fill('un autre mot de passe');
  await invited.page.getByRole('button', { name: 'Créer mon compte et rejoindre l’espace' }).click();
  await invited.page.getByText('Les deux mots de passe ne sont pas les mêmes.').waitFor();
  await expectAccessible(invited.page);
  await invited.page.getByLabel('Confirmez le mot de passe').fill('un mot de passe solide');
  await invited.page.getByRole('button', { name: 'Créer mon compte et rejoindre l’espace' }).click();
  await invited.page.waitForURL((where) => where.pathname === `/app/${workspace()}`);
  await invited.page.getByRole('button', { name: /^Espace : Demo workspace/ }).waitFor();
  const me = await query<{ memberships: { workspaceId: string; role: string }[] }>(invited.page, 'me.get');
  expect(me.memberships).toEqual([expect.objectContaining({ workspaceId: workspace(), role: 'accountant' })]);
  // The link has served: a second visit says so in words.
  await invited.page.goto(`${url.pathname}${url.search}`);
  await invited.page.getByRole('button', { name: 'Accepter l’invitation' }).click();
  await invited.page.getByRole('alert').filter({ hasText: 'Cette invitation a déjà servi.' }).waitFor();
  expect(invited.problems).toEqual([]);
  await invited.page.context().close();

  // The owner sees the new member, and changes the role.
  await page.reload();
  const members = page.getByRole('table', { name: 'Membres de l’espace' });
  await members.getByRole('cell', { name: 'compta@brulerie.test', exact: true }).waitFor();
  await expect.poll(() => invitations.count()).toBe(0);
  await members.getByLabel('Rôle de Camille Compta').selectOption({ label: 'Commercial' });
  await toast(page, 'Camille Compta est maintenant Commercial.').waitFor();
  const listed = await query<{ email: string; role: string }[]>(page, 'members.list');
  expect(listed.find((member) => member.email === 'compta@brulerie.test')?.role).toBe('sales');

  // The last owner stays one: refused in words, and the select shows the role kept.
  const ownerRole = members.getByRole('combobox').first();
  await ownerRole.selectOption({ label: 'Comptable' });
  await toast(page, 'Un espace garde toujours au moins un propriétaire.').waitFor();
  await expect.poll(() => ownerRole.inputValue()).toBe('owner');

  await page.getByRole('button', { name: 'Retirer Camille Compta' }).click();
  const removal = page.getByRole('dialog', { name: 'Retirer Camille Compta de l’espace ?' });
  await removal.waitFor();
  await expectAccessible(page);
  await removal.getByRole('button', { name: 'Retirer', exact: true }).click();
  await toast(page, 'Camille Compta ne fait plus partie de l’espace.').waitFor();
  await expect
    .poll(() => members.getByRole('cell', { name: 'compta@brulerie.test', exact: true }).count())
    .toBe(0);

  // Invited again, now with an account: signed in as it, accepting goes straight to the workspace.
  await page.getByRole('button', { name: 'Inviter une personne' }).click();
  await dialog.getByLabel('Adresse e-mail').fill('compta@brulerie.test');
  await dialog.getByRole('button', { name: 'Créer l’invitation' }).click();
  const again = new URL(await link.inputValue());
  await page.getByRole('button', { name: 'Terminé' }).click();
  const back = await signedIn(
    `${again.pathname}${again.search}`,
    'fr-FR',
    'compta@brulerie.test',
    'un mot de passe solide',
  );
  await back.page.getByText('Vous êtes connecté en tant que compta@brulerie.test.').waitFor();
  await back.page.getByRole('button', { name: 'Accepter l’invitation' }).click();
  await back.page.waitForURL((where) => where.pathname === `/app/${workspace()}`);
  await back.page.getByRole('button', { name: /^Espace : Demo workspace/ }).waitFor();
  expect(back.problems).toEqual([]);
  await back.page.context().close();
  await page.reload();
  await members.getByRole('cell', { name: 'compta@brulerie.test', exact: true }).waitFor();
  expect(problems).toEqual([]);
  await page.context().close();
}, 120_000);

test('the owner creates a key, seen once, that reads the products over REST, then revokes it: 401', async () => {
  const { page, problems } = await signedIn(`/app/${workspace()}/settings/keys`);
  await page.getByRole('heading', { level: 2, name: 'Clés d’API' }).waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Créer une clé' }).click();
  const form = page.getByRole('dialog', { name: 'Créer une clé d’API' });
  await form.getByLabel('Nom', { exact: true }).fill('Caisse du comptoir');
  // No scope: refused by keys.create's own schema, before any call.
  await form.getByRole('button', { name: 'Créer la clé' }).click();
  await form.getByText('Cochez au moins une autorisation.').waitFor();
  await form.getByLabel('Lecture : Produits et stock').check();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Créer la clé' }).click();
  const secret = page.getByRole('dialog', { name: 'Clé créée' }).getByRole('textbox', { name: 'Clé d’API' });
  await expect.poll(() => secret.inputValue()).toMatch(/^svc_live_/);
  const key = await secret.inputValue();
  await expectAccessible(page);

  const products = await page.request.get('/api/v1/products', {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(products.status()).toBe(200);
  expect(((await products.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'J’ai copié la clé' }).click();
  const row = page
    .getByRole('table', { name: 'Clés d’API' })
    .getByRole('row', { name: /Caisse du comptoir/ });
  await row.waitFor();
  // Shown once: nowhere on the page once the dialog is closed.
  expect(await page.content()).not.toContain(key);
  await row.getByRole('button', { name: 'Révoquer la clé Caisse du comptoir' }).click();
  await page
    .getByRole('dialog', { name: 'Révoquer la clé Caisse du comptoir ?' })
    .getByRole('button', { name: 'Révoquer la clé', exact: true })
    .click();
  await toast(page, 'La clé Caisse du comptoir est révoquée.').waitFor();
  await row.getByRole('cell', { name: 'Révoquée' }).waitFor();
  const refused = await page.request.get('/api/v1/products', { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(problems).toEqual([]);
  await page.context().close();
}, 120_000);

test('the owner adds a webhook endpoint, keeps its secret, sees the worker’s deliveries, redelivers, disables, rotates and deletes it', async () => {
  const { page, problems } = await signedIn(`/app/${workspace()}/settings/webhooks`);
  await page.getByRole('heading', { level: 2, name: 'Webhooks' }).waitFor();
  await page.getByRole('heading', { name: 'Pas encore d’endpoint' }).waitFor();
  await expectAccessible(page);
  const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  await page.getByRole('button', { name: 'Ajouter un endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Ajouter un endpoint' });
  await form.getByLabel('URL').fill(target);
  await form.getByLabel('Description').fill('Entrepôt');
  // Every event by default; unticked, the types come from eventTypes.list.
  await form.getByLabel('Tous les événements, y compris ceux à venir').uncheck();
  await form.getByLabel('workspace.updated').waitFor();
  await expectAccessible(page);
  await form.getByLabel('Tous les événements, y compris ceux à venir').check();
  await form.getByRole('button', { name: 'Ajouter l’endpoint' }).click();
  const secret = page
    .getByRole('dialog', { name: 'Endpoint ajouté' })
    .getByRole('textbox', { name: 'Secret de signature' });
  await expect.poll(() => secret.inputValue()).toMatch(/^whsec_/);
  const first = await secret.inputValue();
  await page.getByRole('link', { name: 'Voir l’endpoint' }).click();
  await page.getByRole('heading', { level: 2, name: target }).waitFor();

  // An event (a change that changes something): the worker delivers it, the page shows the attempt.
  await mutate(page, 'workspace.update', { paymentTermsDays: 21 });
  await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
  const deliveries = page.getByRole('table', { name: 'Envois à cet endpoint' });
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Actualiser' }).click();
        return deliveries.getByRole('row', { name: /workspace\.updated.*Réussi.*200/ }).count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await expectAccessible(page);
  const eventId = received[0]?.id ?? '';
  await page.getByRole('button', { name: `Renvoyer l’événement ${eventId}` }).click();
  await toast(page, `L’événement ${eventId} va être renvoyé.`).waitFor();
  await expect
    .poll(() => received.filter((delivery) => delivery.id === eventId).length, { timeout: 30_000 })
    .toBe(2);

  await page.getByRole('button', { name: 'Désactiver' }).click();
  await toast(page, 'L’endpoint est désactivé.').waitFor();
  const endpoints = await query<{ id: string; status: string }[]>(page, 'webhookEndpoints.list', {});
  expect(endpoints.map((endpoint) => endpoint.status)).toEqual(['disabled']);
  await page.getByRole('button', { name: 'Réactiver' }).waitFor();

  await page.getByRole('button', { name: 'Renouveler le secret' }).click();
  await page
    .getByRole('dialog', { name: 'Renouveler le secret de signature ?' })
    .getByRole('button', { name: 'Renouveler le secret', exact: true })
    .click();
  const rotated = page
    .getByRole('dialog', { name: 'Nouveau secret de signature' })
    .getByRole('textbox', { name: 'Secret de signature' });
  await expect.poll(() => rotated.inputValue()).toMatch(/^whsec_/);
  expect(await rotated.inputValue()).not.toBe(first);
  await page.getByRole('button', { name: 'J’ai copié le secret' }).click();

  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Supprimer cet endpoint ?' })
    .getByRole('button', { name: 'Supprimer l’endpoint' })
    .click();
  await page.waitForURL((url) => url.pathname === `/app/${workspace()}/settings/webhooks`);
  await page.getByRole('heading', { name: 'Pas encore d’endpoint' }).waitFor();
  expect(await query<unknown[]>(page, 'webhookEndpoints.list', {})).toEqual([]);
  expect(problems).toEqual([]);
  await page.context().close();
}, 120_000);

test('a forgotten password: the same answer for any address, the link from the e-mail sets a new one, which signs in; the link serves once', async () => {
  const person = await createUser(app.db.orm.em.fork(), {
    workspaceId: workspace(),
    email: 'oubli@brulerie.test',
    password: 'le mot de passe oublié',
    role: 'sales',
    name: 'Dominique Vente',
  });
  const { page, problems } = await app.open('/app/sign-in', 'fr-FR');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' }).waitFor();
  await expectAccessible(page);
  await page.getByLabel('Adresse e-mail').fill('personne@nulle-part.test');
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  const sent = (email: string) =>
    `Si un compte existe pour ${email}, un lien pour choisir un nouveau mot de passe vient de lui être envoyé. Il est valable une heure.`;
  await page.getByText(sent('personne@nulle-part.test')).waitFor();
  await page.getByRole('button', { name: 'Recommencer' }).click();
  await page.getByLabel('Adresse e-mail').fill('oubli@brulerie.test');
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await page.getByText(sent('oubli@brulerie.test')).waitFor();
  await expectAccessible(page);

  // The link the e-mail would carry: its token is what better-auth stored for the person.
  const rows = await app.db.orm.em
    .fork()
    .getConnection()
    .execute<{ identifier: string }[]>(
      `select identifier from verifications where value = ? and identifier like 'reset-password:%'`,
      [person.user.id],
    );
  expect(rows).toHaveLength(1);
  const token = (rows[0]?.identifier ?? '').slice('reset-password:'.length);
  await page.goto(`/app/reset-password?token=${token}`);
  await page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' }).waitFor();
  await page.getByLabel('Nouveau mot de passe').fill('court');
  await page.getByLabel('Confirmez le mot de passe').fill('court');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await page.getByText('Au moins 8 caractères.').first().waitFor();
  await expectAccessible(page);
  await page.getByLabel('Nouveau mot de passe').fill('un tout nouveau mot de passe');
  await page.getByLabel('Confirmez le mot de passe').fill('un tout nouveau mot de passe');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await page.getByText('Votre mot de passe est changé. Vos autres sessions sont fermées.').waitFor();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Se connecter avec le nouveau mot de passe' }).click();
  await page.getByLabel('Adresse e-mail').fill('oubli@brulerie.test');
  await page.getByLabel('Mot de passe', { exact: true }).fill('un tout nouveau mot de passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname.startsWith(`/app/${workspace()}`));
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.waitForURL((url) => url.pathname === '/app/sign-in');

  // Used once: the same link now says so, and where to go.
  await page.goto(`/app/reset-password?token=${token}`);
  await page.getByLabel('Nouveau mot de passe').fill('encore un autre mot de passe');
  await page.getByLabel('Confirmez le mot de passe').fill('encore un autre mot de passe');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await page.getByRole('alert').filter({ hasText: 'Ce lien a expiré ou a déjà servi' }).waitFor();
  await page.getByRole('link', { name: 'Demander un nouveau lien' }).waitFor();
  await expectAccessible(page);
  expect(problems).toEqual([]);
  await page.context().close();
}, 120_000);
