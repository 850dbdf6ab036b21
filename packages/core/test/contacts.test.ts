import { createTestDatabase, type TestDatabase } from '@comptoir/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactListQuerySchema, createContact, listContacts, updateContact } from '../src/index.ts';
import type { CompanyView, ContactListQuery, ContactView } from '../src/schemas.ts';
import { factories } from './factories.ts';

// contacts.list's companyId filter: one company's contacts, with q and paging; a company the
// workspace does not have is an empty page (HTTP and tRPC: apps/api/test/contacts.test.ts).

let db: TestDatabase;
let workspaceId: string;
let otherWorkspaceId: string;
let bakery: CompanyView;
let roaster: CompanyView;
let foreign: CompanyView;
/** The bakery's contacts, newest first. */
let bakers: ContactView[];

const em = () => db.orm.em.fork();
const list = (query: Partial<ContactListQuery>, workspace = workspaceId) =>
  listContacts(em(), workspace, { limit: 20, offset: 0, ...query });
const names = (page: { items: ContactView[] }) => page.items.map((contact) => contact.name);

beforeAll(async () => {
  db = await createTestDatabase();
  const make = factories(db.orm);
  workspaceId = (await make.workspace()).id;
  otherWorkspaceId = (await make.workspace()).id;
  bakery = await make.company(workspaceId, 'Boulangerie Martin');
  roaster = await make.company(workspaceId, 'Torréfaction Bérénice');
  foreign = await make.company(otherWorkspaceId, 'Boulangerie Étrangère');
  const contact = (name: string, email: string, companyId?: string, workspace = workspaceId) =>
    createContact(em(), workspace, { name, email, ...(companyId ? { companyId } : {}) });
  const made: ContactView[] = [];
  for (const [index, name] of ['Anne Martin', 'Bruno Petit', 'Chloé Durand', 'Denis Martin'].entries()) {
    made.push(await contact(name, `baker.${index}@example.test`, bakery.id));
  }
  bakers = made.reverse();
  await contact('Martin Roux', 'martin@torrefaction.test', roaster.id);
  await contact('Sans Société Martin', 'alone@example.test');
  await contact('Martin Étranger', 'martin@foreign.test', foreign.id, otherWorkspaceId);
});
afterAll(() => db.drop());

describe('contacts.list companyId', () => {
  it('lists the company’s contacts only, newest first, counted exactly', async () => {
    const page = await list({ companyId: bakery.id });
    expect(page).toEqual({ items: bakers, total: 4, limit: 20, offset: 0 });
    expect(page.items.every((contact) => contact.company?.id === bakery.id)).toBe(true);
    expect(await list({ companyId: roaster.id })).toMatchObject({ total: 1 });
    // Without the filter, everything of the workspace.
    expect((await list({})).total).toBe(6);
  });

  it('pages, keeping the total, also past the last page', async () => {
    expect(await list({ companyId: bakery.id, limit: 3, offset: 0 })).toEqual({
      items: bakers.slice(0, 3),
      total: 4,
      limit: 3,
      offset: 0,
    });
    expect(await list({ companyId: bakery.id, limit: 3, offset: 3 })).toEqual({
      items: bakers.slice(3),
      total: 4,
      limit: 3,
      offset: 3,
    });
    expect(await list({ companyId: bakery.id, offset: 40 })).toEqual({
      items: [],
      total: 4,
      limit: 20,
      offset: 40,
    });
  });

  it('combines with q: the company’s contacts that match, by their own text or all by the company’s name', async () => {
    // "martin" is in two bakers' names, in the bakery's name, in another company's contact and
    // in a contact without company: with the filter, the bakery's contacts only, all of them
    // since its name matches.
    expect(names(await list({ q: 'martin' }))).toHaveLength(6);
    expect(await list({ companyId: bakery.id, q: 'MARTIN' })).toMatchObject({ items: bakers, total: 4 });
    // "durand" is in one baker's name only, not in the bakery's.
    expect(await list({ companyId: bakery.id, q: 'durand' })).toMatchObject({
      items: [bakers.find((contact) => contact.name === 'Chloé Durand')],
      total: 1,
    });
    // By e-mail, accents aside, and paged with its total.
    expect(await list({ companyId: bakery.id, q: 'BAKER.', limit: 2, offset: 2 })).toMatchObject({
      items: bakers.slice(2),
      total: 4,
    });
    expect(names(await list({ companyId: roaster.id, q: 'berenice' }))).toEqual(['Martin Roux']);
    expect(await list({ companyId: roaster.id, q: 'chloe' })).toMatchObject({ items: [], total: 0 });
    expect(await list({ companyId: bakery.id, q: '%' })).toMatchObject({ items: [], total: 0 });
  });

  it('follows a contact moved to another company, and one detached', async () => {
    const moved = bakers[0] as ContactView;
    await updateContact(em(), workspaceId, moved.id, { companyId: roaster.id });
    expect(names(await list({ companyId: roaster.id }))).toEqual(['Martin Roux', moved.name]);
    expect((await list({ companyId: bakery.id })).total).toBe(3);
    await updateContact(em(), workspaceId, moved.id, { companyId: null });
    expect((await list({ companyId: roaster.id })).total).toBe(1);
    await updateContact(em(), workspaceId, moved.id, { companyId: bakery.id });
    expect((await list({ companyId: bakery.id })).items).toEqual(bakers);
  });

  it.each([
    ['another workspace’s company', () => foreign.id],
    ['an unknown company of the right shape', () => 'cmp_00000000000000000000000000'],
    ['a contact’s id', () => bakers[0]?.id ?? ''],
    ['a text of another shape', () => 'Boulangerie Martin'],
  ])('gives an empty page for %s, with or without q', async (_label, companyId) => {
    expect(await list({ companyId: companyId() })).toEqual({ items: [], total: 0, limit: 20, offset: 0 });
    expect(await list({ companyId: companyId(), q: 'martin', offset: 20 })).toEqual({
      items: [],
      total: 0,
      limit: 20,
      offset: 20,
    });
  });

  it('never shows another workspace’s contacts of a company of the same id', async () => {
    // The other workspace reads the bakery's id: nothing, as for any company it does not have.
    expect(await list({ companyId: bakery.id }, otherWorkspaceId)).toMatchObject({ items: [], total: 0 });
    expect(names(await list({ companyId: foreign.id }, otherWorkspaceId))).toEqual(['Martin Étranger']);
  });
});

describe('contactListQuerySchema companyId', () => {
  it('takes an id of 1 to 64 characters, and none', () => {
    expect(contactListQuerySchema.parse({ companyId: 'c'.repeat(64) }).companyId).toBe('c'.repeat(64));
    expect(contactListQuerySchema.parse({}).companyId).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['of 65 characters', 'c'.repeat(65)],
    ['a number', 42],
    ['a list', ['cmp_a', 'cmp_b']],
  ])('refuses one %s, naming companyId', (_label, companyId) => {
    const parsed = contactListQuerySchema.safeParse({ companyId });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([['companyId']]);
  });
});
