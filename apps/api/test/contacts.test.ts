import { createComptoirClient } from '@comptoir/client';
import type { Scope } from '@comptoir/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  bearer,
  createOk,
  eventsOfWorkspace,
  expectError,
  expectInvalidBody,
  expectInvalidRequest,
  freshWorkspace,
  getOk,
  idOf,
  isoDateTime,
  type ListBody,
} from './support/index.ts';

// Authentication, scopes, workspace isolation of the ids and list bounds: common-routes.test.ts.

interface CompanyRef {
  id: string;
  name: string;
}
interface ContactBody {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  createdAt: string;
  company: CompanyRef | null;
}
interface CompanyBody {
  id: string;
  name: string;
  siret: string | null;
  vatNumber: string | null;
  address: string | null;
  phone: string | null;
  isSupplier: boolean;
  createdAt: string;
}

const contactId = idOf('con');
const contactsScopes: Scope[] = ['read:contacts', 'write:contacts'];
/** A valid address of exactly 200 characters: a 64-character local part and 63-character labels. */
const email200 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.example`;
const email201 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.examples`;

let api: TestApi;
let key: string;
let headers: Record<string, string>;
let workspaceId: string;

beforeAll(async () => {
  api = await startTestApi();
  workspaceId = (await api.make.workspace('Contacts')).id;
  key = (await api.make.key(workspaceId, contactsScopes)).key;
  headers = bearer(key);
});
afterAll(() => api.close());

/** A workspace of its own, so that counts and events in it are exactly what the test made. */
const ownWorkspace = (scopes: Scope[] = contactsScopes) => freshWorkspace(api, scopes);

const post = (json: unknown, as = headers) =>
  api.request('/api/v1/contacts', { method: 'POST', headers: as, json });

const create = (json: Record<string, unknown>, as = headers) =>
  createOk<ContactBody>(api, '/contacts', json, as);
const createCompany = (json: Record<string, unknown>, as = headers) =>
  createOk<CompanyBody>(api, '/companies', json, as);
const list = (query = '', as = headers) => getOk<ListBody<ContactBody>>(api, `/contacts${query}`, as);

const eventsOf = (workspaceId: string) => eventsOfWorkspace(api, workspaceId);

let sequence = 0;
const uniqueEmail = (label = 'contact') => `${label}.${++sequence}@example.test`;

describe('POST /contacts', () => {
  it('answers 201 with exactly the Contact fields, without a company', async () => {
    const response = await post({
      name: 'Jeanne Martin',
      email: 'jeanne@example.test',
      phone: '+33123456789',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      data: {
        id: contactId,
        email: 'jeanne@example.test',
        name: 'Jeanne Martin',
        phone: '+33123456789',
        createdAt: isoDateTime,
        company: null,
      },
    });
  });

  it('answers 201 with the company as a CompanyRef ({ id, name } only)', async () => {
    const company = await createCompany({
      name: 'Référence SA',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      address: '1 rue X',
    });
    const contact = await create({ name: 'With company', email: uniqueEmail(), companyId: company.id });
    expect(contact).toEqual({
      id: contactId,
      email: expect.any(String),
      name: 'With company',
      phone: null,
      createdAt: isoDateTime,
      company: { id: company.id, name: 'Référence SA' },
    });
  });

  it('stores the e-mail as given (case kept)', async () => {
    const contact = await create({ name: 'Case kept', email: 'Case.Kept@Example.TEST' });
    expect(contact.email).toBe('Case.Kept@Example.TEST');
  });

  it('sets phone to null when it is not given, and createdAt to now', async () => {
    const before = Date.now();
    const contact = await create({ name: 'No phone', email: uniqueEmail() });
    expect(contact.phone).toBeNull();
    expect(contact.company).toBeNull();
    expect(Date.parse(contact.createdAt)).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(contact.createdAt)).toBeLessThanOrEqual(Date.now() + 5_000);
  });

  // Rulings, "Records": a field the operation does not define is refused, read-only ones included.
  it('refuses unknown fields, naming each', async () => {
    const error = await expectInvalidBody(
      await post({
        name: 'Unknown fields',
        email: uniqueEmail(),
        id: 'con_00000000000000000000000000',
        createdAt: '2000-01-01T00:00:00.000Z',
        company: { id: 'cmp_00000000000000000000000000', name: 'Ghost' },
        colour: 'blue',
      }),
      'colour',
    );
    expect(error.details?.map((detail) => detail.path).sort()).toEqual([
      'colour',
      'company',
      'createdAt',
      'id',
    ]);
  });

  it.each([
    ['a name of 200 characters', { name: 'n'.repeat(200) }, 'name', 'n'.repeat(200)],
    ['an e-mail of 200 characters', { email: email200 }, 'email', email200],
    ['a phone of 32 characters', { phone: `+${'3'.repeat(31)}` }, 'phone', `+${'3'.repeat(31)}`],
  ])('accepts %s', async (_label, input, field, stored) => {
    expect(email200).toHaveLength(200);
    const contact = await create({ name: 'Boundary', email: uniqueEmail('boundary'), ...input });
    expect(contact[field as keyof ContactBody]).toBe(stored);
  });

  it.each([
    ['a missing name', { email: 'missing-name@example.test' }, 'name'],
    ['an empty name', { name: '', email: 'empty-name@example.test' }, 'name'],
    ['a name of 201 characters', { name: 'n'.repeat(201), email: 'long-name@example.test' }, 'name'],
    ['a missing e-mail', { name: 'No e-mail' }, 'email'],
    ['an e-mail of 201 characters', { name: 'x', email: email201 }, 'email'],
    ['an e-mail without @', { name: 'x', email: 'not-an-email' }, 'email'],
    ['an e-mail without domain', { name: 'x', email: 'john@' }, 'email'],
    ['an e-mail without local part', { name: 'x', email: '@example.test' }, 'email'],
    ['an e-mail with a space', { name: 'x', email: 'john doe@example.test' }, 'email'],
    ['an e-mail that is not a string', { name: 'x', email: 42 }, 'email'],
    [
      'a phone of 33 characters',
      { name: 'x', email: 'long-phone@example.test', phone: `+${'3'.repeat(32)}` },
      'phone',
    ],
    [
      'a companyId that is not a string',
      { name: 'x', email: 'bad-company@example.test', companyId: 42 },
      'companyId',
    ],
  ])('answers 400 invalid_body for %s, naming the field', async (_label, body, path) => {
    expect(email201).toHaveLength(201);
    await expectInvalidBody(await post(body), path);
  });
});

describe('e-mail uniqueness', () => {
  it('answers 409 contact_email_duplicate for the same e-mail in another case', async () => {
    const own = await ownWorkspace();
    await create({ name: 'John', email: 'john@x.test' }, own.headers);
    await expectError(
      await post({ name: 'John again', email: 'JOHN@x.test' }, own.headers),
      409,
      'contact_email_duplicate',
    );
    await expectError(
      await post({ name: 'John thrice', email: 'john@x.test' }, own.headers),
      409,
      'contact_email_duplicate',
    );
    expect((await list('', own.headers)).pagination.total).toBe(1);
  });

  it('accepts the same e-mail in another workspace', async () => {
    const first = await ownWorkspace();
    const second = await ownWorkspace();
    await create({ name: 'John', email: 'shared@x.test' }, first.headers);
    const other = await create({ name: 'John elsewhere', email: 'shared@x.test' }, second.headers);
    expect(other.email).toBe('shared@x.test');
  });

  it('lets exactly one of two parallel creates with one e-mail through', async () => {
    const own = await ownWorkspace();
    const responses = await Promise.all([
      post({ name: 'Racer 1', email: 'race@x.test' }, own.headers),
      post({ name: 'Racer 2', email: 'race@x.test' }, own.headers),
    ]);
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = responses.find((response) => response.status === 409) as Response;
    await expectError(refused, 409, 'contact_email_duplicate');
    expect((await list('', own.headers)).pagination.total).toBe(1);
    expect(await eventsOf(own.workspaceId)).toHaveLength(1);
  });

  it('lets exactly one of many parallel creates with case variants of one e-mail through', async () => {
    const own = await ownWorkspace();
    const variants = [
      'race@y.test',
      'RACE@y.test',
      'Race@Y.test',
      'race@Y.TEST',
      'rAcE@y.test',
      'RACE@Y.TEST',
    ];
    const responses = await Promise.all(
      variants.map((email, index) => post({ name: `Racer ${index}`, email }, own.headers)),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await list('', own.headers)).pagination.total).toBe(1);
    expect(await eventsOf(own.workspaceId)).toHaveLength(1);
  });
});

describe('companyId', () => {
  it('answers 404 company_not_found for a company that does not exist', async () => {
    await expectError(
      await post({ name: 'x', email: uniqueEmail(), companyId: 'cmp_00000000000000000000000000' }),
      404,
      'company_not_found',
    );
  });

  it('answers 404 company_not_found for another workspace’s company, and creates nothing', async () => {
    const own = await ownWorkspace();
    const other = await ownWorkspace();
    const foreign = await createCompany({ name: 'Foreign' }, other.headers);
    await expectError(
      await post({ name: 'x', email: 'foreign-company@x.test', companyId: foreign.id }, own.headers),
      404,
      'company_not_found',
    );
    expect((await list('', own.headers)).pagination.total).toBe(0);
    // The e-mail was not taken by the refused create.
    await create({ name: 'x', email: 'foreign-company@x.test' }, own.headers);
  });

  it('links a company made outside the API', async () => {
    const made = await api.make.company(workspaceId, 'Factory Company');
    const contact = await create({ name: 'Linked', email: uniqueEmail(), companyId: made.id });
    expect(contact.company).toEqual({ id: made.id, name: 'Factory Company' });
  });
});

describe('contact.created events', () => {
  it('records exactly one contact.created event whose data is the 201 data (with the CompanyRef)', async () => {
    const own = await ownWorkspace();
    const company = await createCompany({ name: 'Évènement SA' }, own.headers);
    const contact = await create(
      { name: 'Eve', email: 'Eve@Event.test', phone: '+33600000000', companyId: company.id },
      own.headers,
    );
    expect(contact.company).toEqual({ id: company.id, name: 'Évènement SA' });
    const events = await eventsOf(own.workspaceId);
    expect(events).toEqual([
      { type: 'company.created', data: company },
      { type: 'contact.created', data: contact },
    ]);
  });

  it('records one event for a contact without company', async () => {
    const own = await ownWorkspace();
    const contact = await create({ name: 'Solo', email: 'solo@event.test' }, own.headers);
    expect(await eventsOf(own.workspaceId)).toEqual([{ type: 'contact.created', data: contact }]);
  });

  it('records nothing for a refused create (400, 403, 404, 409)', async () => {
    const own = await ownWorkspace();
    const first = await create({ name: 'First', email: 'first@event.test' }, own.headers);
    const readOnly = bearer((await api.make.key(own.workspaceId, ['read:contacts'])).key);
    expect((await post({ name: 'x' }, own.headers)).status).toBe(400);
    expect((await post({ name: 'x', email: 'nope' }, own.headers)).status).toBe(400);
    expect((await post({ name: '', email: 'empty@event.test' }, own.headers)).status).toBe(400);
    expect(
      (
        await post(
          { name: 'x', email: 'ghost@event.test', companyId: 'cmp_00000000000000000000000000' },
          own.headers,
        )
      ).status,
    ).toBe(404);
    expect((await post({ name: 'x', email: 'FIRST@event.test' }, own.headers)).status).toBe(409);
    expect((await post({ name: 'x', email: 'scope@event.test' }, readOnly)).status).toBe(403);
    expect(await eventsOf(own.workspaceId)).toEqual([{ type: 'contact.created', data: first }]);
  });
});

describe('GET /contacts', () => {
  let own: Awaited<ReturnType<typeof ownWorkspace>>;
  const made: Record<string, ContactBody> = {};
  let societe: CompanyBody;
  let boulangerie: CompanyBody;

  beforeAll(async () => {
    own = await ownWorkspace();
    societe = await createCompany({ name: 'Société Générale' }, own.headers);
    boulangerie = await createCompany({ name: 'Boulangerie Martin' }, own.headers);
    made.elodie = await create(
      { name: 'Élodie Durand', email: 'elodie@durand.test', companyId: societe.id },
      own.headers,
    );
    made.marc = await create(
      { name: 'Marc Lefèvre', email: 'marc.lefevre@example.test', companyId: boulangerie.id },
      own.headers,
    );
    made.zoe = await create(
      { name: 'Zoé Petit', email: 'ZOE@Petit-Mail.test', phone: '+33611111111' },
      own.headers,
    );
    // Another workspace's contact and company with matching names must never show.
    const other = await ownWorkspace();
    const foreignCompany = await createCompany({ name: 'Société Étrangère' }, other.headers);
    made.foreign = await create(
      { name: 'Élodie Foreign', email: 'elodie@durand.test', companyId: foreignCompany.id },
      other.headers,
    );
  });

  const namesOf = (body: ListBody<ContactBody>) => body.data.map((contact) => contact.name);

  it('lists the workspace’s contacts newest first, with default pagination', async () => {
    const body = await list('', own.headers);
    expect(body.pagination).toEqual({ total: 3, limit: 20, offset: 0 });
    expect(namesOf(body)).toEqual(['Zoé Petit', 'Marc Lefèvre', 'Élodie Durand']);
  });

  it('lists each contact exactly as POST returned it, the company as a CompanyRef', async () => {
    const body = await list('', own.headers);
    expect(body.data).toEqual([made.zoe, made.marc, made.elodie]);
    expect(body.data[2]?.company).toEqual({ id: societe.id, name: 'Société Générale' });
    expect(body.data[0]?.company).toBeNull();
  });

  it('pages with limit and offset, keeping the total', async () => {
    const first = await list('?limit=2', own.headers);
    const second = await list('?limit=2&offset=2', own.headers);
    expect(namesOf(first)).toEqual(['Zoé Petit', 'Marc Lefèvre']);
    expect(namesOf(second)).toEqual(['Élodie Durand']);
    expect(second.pagination).toEqual({ total: 3, limit: 2, offset: 2 });
    expect(await list('?offset=50', own.headers)).toEqual({
      data: [],
      pagination: { total: 3, limit: 20, offset: 50 },
    });
  });

  it.each([
    ['societe', ['Élodie Durand']],
    ['GÉNÉRALE', ['Élodie Durand']],
    ['boulangerie', ['Marc Lefèvre']],
    ['elodie', ['Élodie Durand']],
    ['ÉLODIE', ['Élodie Durand']],
    ['lefevre', ['Marc Lefèvre']],
    ['zoe', ['Zoé Petit']],
    ['petit-mail', ['Zoé Petit']],
    ['DURAND.TEST', ['Élodie Durand']],
    ['.test', ['Zoé Petit', 'Marc Lefèvre', 'Élodie Durand']],
    ['etrangere', []],
    ['611111', []],
    ['%', []],
    ['_', []],
    ['xyz-nothing', []],
  ])(
    'q=%s finds a case- and accent-insensitive substring of name, email or company name',
    async (q, names) => {
      const body = await list(`?q=${encodeURIComponent(q)}`, own.headers);
      expect(namesOf(body)).toEqual(names);
      expect(body.pagination.total).toBe(names.length);
    },
  );

  it('pages a search and keeps its total', async () => {
    const body = await list('?q=.test&limit=1&offset=1', own.headers);
    expect(body).toEqual({ data: [made.marc], pagination: { total: 3, limit: 1, offset: 1 } });
  });

  it('shows another workspace nothing: empty list, total 0', async () => {
    const stranger = await ownWorkspace(['read:contacts']);
    expect(await list('', stranger.headers)).toEqual({
      data: [],
      pagination: { total: 0, limit: 20, offset: 0 },
    });
    expect((await list('?q=elodie', stranger.headers)).pagination.total).toBe(0);
  });
});

describe('GET /contacts?q= through the company', () => {
  let own: Awaited<ReturnType<typeof ownWorkspace>>;
  let company: CompanyBody;
  let berenice: ContactBody;
  let paul: ContactBody;
  const search = async (q: string, query = '') => {
    const body = await list(`?q=${encodeURIComponent(q)}${query}`, own.headers);
    return { names: body.data.map((contact) => contact.name), total: body.pagination.total };
  };

  beforeAll(async () => {
    own = await ownWorkspace();
    company = await createCompany(
      { name: 'Torréfaction Bérénice', siret: '732 829 320 00074', vatNumber: 'FR44732829320' },
      own.headers,
    );
    berenice = await create(
      { name: 'Bérénice Roux', email: 'berenice@torrefaction.test', companyId: company.id },
      own.headers,
    );
    paul = await create(
      { name: 'Paul Martin', email: 'paul@example.test', companyId: company.id },
      own.headers,
    );
  });

  it('lists a contact that matches by its own text and by its company once, and counts it once', async () => {
    expect(await search('berenice')).toEqual({ names: ['Paul Martin', 'Bérénice Roux'], total: 2 });
    expect(await search('TORREFACTION')).toEqual({ names: ['Paul Martin', 'Bérénice Roux'], total: 2 });
    expect(await search('roux')).toEqual({ names: ['Bérénice Roux'], total: 1 });
  });

  it('matches the company by its name only, not by its SIRET or VAT number', async () => {
    expect(await search('7328293')).toEqual({ names: [], total: 0 });
    expect(await search('fr44')).toEqual({ names: [], total: 0 });
  });

  it('keeps the total past the last page of a search', async () => {
    expect(await list('?q=torrefaction&offset=5', own.headers)).toEqual({
      data: [],
      pagination: { total: 2, limit: 20, offset: 5 },
    });
    expect(await list('?q=torrefaction&limit=1&offset=1', own.headers)).toEqual({
      data: [berenice],
      pagination: { total: 2, limit: 1, offset: 1 },
    });
  });

  it('follows a renamed company and an updated contact', async () => {
    // Updates are internal (tRPC only).
    const client = createComptoirClient({ url: api.baseUrl, apiKey: own.key });
    await client.companies.update.mutate({ id: company.id, name: 'Brûlerie du Château' });
    await client.contacts.update.mutate({ id: paul.id, name: 'Paulo Martín', email: 'paulo@example.test' });
    expect(await search('brulerie du chateau')).toEqual({
      names: ['Paulo Martín', 'Bérénice Roux'],
      total: 2,
    });
    // Still in Bérénice's e-mail address, no longer in the company's name.
    expect(await search('torrefaction')).toEqual({ names: ['Bérénice Roux'], total: 1 });
    expect(await search('paul@')).toEqual({ names: [], total: 0 });
    expect(await search('MARTIN')).toEqual({ names: ['Paulo Martín'], total: 1 });
  });
});

describe('GET /contacts?companyId=', () => {
  let own: Awaited<ReturnType<typeof ownWorkspace>>;
  let bakery: CompanyBody;
  let roaster: CompanyBody;
  let foreign: CompanyBody;
  /** The bakery's contacts, newest first. */
  const bakers: ContactBody[] = [];
  const ofCompany = async (query: string, as = own.headers) => {
    const body = await list(query, as);
    return { names: body.data.map((contact) => contact.name), total: body.pagination.total };
  };

  beforeAll(async () => {
    own = await ownWorkspace();
    bakery = await createCompany({ name: 'Boulangerie Martin' }, own.headers);
    roaster = await createCompany({ name: 'Torréfaction Bérénice' }, own.headers);
    for (const name of ['Anne Martin', 'Bruno Petit', 'Chloé Durand']) {
      bakers.unshift(await create({ name, email: uniqueEmail('baker'), companyId: bakery.id }, own.headers));
    }
    await create({ name: 'Martin Roux', email: uniqueEmail('roaster'), companyId: roaster.id }, own.headers);
    await create({ name: 'Martin Seul', email: uniqueEmail('alone') }, own.headers);
    const other = await ownWorkspace();
    foreign = await createCompany({ name: 'Boulangerie Étrangère' }, other.headers);
    await create(
      { name: 'Martin Étranger', email: uniqueEmail('foreign'), companyId: foreign.id },
      other.headers,
    );
  });

  it('lists the company’s contacts exactly as POST returned them, newest first, with their total', async () => {
    expect(await list(`?companyId=${bakery.id}`, own.headers)).toEqual({
      data: bakers,
      pagination: { total: 3, limit: 20, offset: 0 },
    });
    expect(await ofCompany(`?companyId=${roaster.id}`)).toEqual({ names: ['Martin Roux'], total: 1 });
    expect((await list('', own.headers)).pagination.total).toBe(5);
  });

  it('pages, keeping the total past the last page', async () => {
    expect(await list(`?companyId=${bakery.id}&limit=2&offset=2`, own.headers)).toEqual({
      data: bakers.slice(2),
      pagination: { total: 3, limit: 2, offset: 2 },
    });
    expect(await list(`?companyId=${bakery.id}&offset=10`, own.headers)).toEqual({
      data: [],
      pagination: { total: 3, limit: 20, offset: 10 },
    });
  });

  it.each([
    ['martin', ['Chloé Durand', 'Bruno Petit', 'Anne Martin']],
    ['durand', ['Chloé Durand']],
    ['BOULANGERIE', ['Chloé Durand', 'Bruno Petit', 'Anne Martin']],
    ['roux', []],
    ['berenice', []],
  ])('combines with q=%s: the company’s contacts that match', async (q, names) => {
    expect(await ofCompany(`?companyId=${bakery.id}&q=${encodeURIComponent(q)}`)).toEqual({
      names,
      total: names.length,
    });
  });

  it('pages a search within the company', async () => {
    expect(await list(`?q=martin&companyId=${bakery.id}&limit=1&offset=1`, own.headers)).toEqual({
      data: [bakers[1]],
      pagination: { total: 3, limit: 1, offset: 1 },
    });
  });

  it.each([
    ['another workspace’s company', () => foreign.id],
    ['an unknown company', () => 'cmp_00000000000000000000000000'],
    ['a contact’s id', () => bakers[0]?.id ?? ''],
    ['a name', () => 'Boulangerie Martin'],
    ['64 characters', () => 'c'.repeat(64)],
  ])('answers an empty page, not a 404, for %s (with or without q)', async (_label, companyId) => {
    const id = encodeURIComponent(companyId());
    expect(await list(`?companyId=${id}`, own.headers)).toEqual({
      data: [],
      pagination: { total: 0, limit: 20, offset: 0 },
    });
    expect(await ofCompany(`?companyId=${id}&q=martin`)).toEqual({ names: [], total: 0 });
  });

  it('shows another workspace nothing through one of this workspace’s companies', async () => {
    const stranger = await ownWorkspace(['read:contacts']);
    expect(await ofCompany(`?companyId=${bakery.id}`, stranger.headers)).toEqual({ names: [], total: 0 });
  });

  it.each([
    ['empty', '?companyId='],
    ['of 65 characters', `?companyId=${'c'.repeat(65)}`],
    ['given twice', '?companyId=cmp_a&companyId=cmp_b'],
  ])('answers 400 invalid_request naming companyId for one %s', async (_label, query) => {
    await expectInvalidRequest(
      await api.request(`/api/v1/contacts${query}`, { headers: own.headers }),
      'companyId',
    );
  });

  it('is the same procedure over tRPC', async () => {
    const client = createComptoirClient({ url: api.baseUrl, apiKey: own.key });
    expect(await client.contacts.list.query({ companyId: bakery.id, q: 'martin', limit: 2 })).toEqual(
      await list(`?companyId=${bakery.id}&q=martin&limit=2`, own.headers),
    );
    await expect(client.contacts.list.query({ companyId: '' })).rejects.toMatchObject({
      data: { httpStatus: 400, error: { code: 'invalid_request' } },
    });
  });

  it('is documented as a query parameter of GET /contacts', async () => {
    const document = (await (await api.request('/api/v1/openapi.json')).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string; schema: unknown }[] } }>;
    };
    const parameter = document.paths['/contacts']?.get?.parameters?.find((p) => p.name === 'companyId');
    expect(parameter).toMatchObject({ in: 'query', schema: { type: 'string', minLength: 1, maxLength: 64 } });
  });
});

describe('list order', () => {
  it('orders by createdAt desc, then id desc', async () => {
    const own = await ownWorkspace();
    const a = await create({ name: 'A', email: 'a@order.test' }, own.headers);
    const b = await create({ name: 'B', email: 'b@order.test' }, own.headers);
    const c = await create({ name: 'C', email: 'c@order.test' }, own.headers);
    const d = await create({ name: 'D', email: 'd@order.test' }, own.headers);
    const em = api.db.orm.em.fork();
    // A is the newest; B and C share one instant (the id decides); D is the oldest.
    await em.execute('update contacts set created_at = ? where id = ?', ['2030-01-03T00:00:00Z', a.id]);
    await em.execute('update contacts set created_at = ? where id in (?, ?)', [
      '2030-01-02T00:00:00Z',
      b.id,
      c.id,
    ]);
    await em.execute('update contacts set created_at = ? where id = ?', ['2030-01-01T00:00:00Z', d.id]);
    const tied = [b, c].sort((x, y) => (x.id < y.id ? 1 : -1)).map((contact) => contact.name);
    const body = await list('', own.headers);
    expect(body.data.map((contact) => contact.name)).toEqual(['A', ...tied, 'D']);
    expect(body.data[0]?.createdAt).toBe('2030-01-03T00:00:00.000Z');
  });
});

describe('GET /contacts/{id}', () => {
  it('returns a ContactDetail with the enriched company', async () => {
    const company = await createCompany({
      name: 'Détail SARL',
      siret: '552 100 554 00013',
      vatNumber: 'FR96552100554',
      address: '75 avenue de la Grande Armée, Paris',
    });
    const contact = await create({
      name: 'Detailed',
      email: uniqueEmail('detail'),
      phone: '+33140000000',
      companyId: company.id,
    });
    const response = await api.request(`/api/v1/contacts/${contact.id}`, { headers });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: {
        id: contact.id,
        email: contact.email,
        name: 'Detailed',
        phone: '+33140000000',
        createdAt: contact.createdAt,
        company: {
          id: company.id,
          name: 'Détail SARL',
          address: '75 avenue de la Grande Armée, Paris',
          phone: null,
          siret: '55210055400013',
          vatNumber: 'FR96552100554',
          siretValid: true,
          vatNumberValid: true,
          isSupplier: false,
        },
      },
    });
  });

  it('reads the company’s phone and isSupplier from the company record', async () => {
    const made = await api.make.company(workspaceId, 'Supplier Co');
    await api.db.orm.em
      .fork()
      .execute('update companies set is_supplier = true, phone = ? where id = ?', ['+33199999999', made.id]);
    const contact = await create({ name: 'Supplied', email: uniqueEmail('supplier'), companyId: made.id });
    const response = await api.request(`/api/v1/contacts/${contact.id}`, { headers });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { company: unknown } };
    expect(body.data.company).toEqual({
      id: made.id,
      name: 'Supplier Co',
      address: null,
      phone: '+33199999999',
      siret: null,
      vatNumber: null,
      siretValid: null,
      vatNumberValid: null,
      isSupplier: true,
    });
  });

  it('returns company null for a contact without company', async () => {
    const contact = await create({ name: 'Alone', email: uniqueEmail('alone') });
    const response = await api.request(`/api/v1/contacts/${contact.id}`, { headers });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: contact });
  });

  it('answers 404 not_found for a company id (a company is not a contact)', async () => {
    const made = await api.make.company(workspaceId, 'Not a contact');
    await expectError(await api.request(`/api/v1/contacts/${made.id}`, { headers }), 404, 'not_found');
  });
});

describe('Idempotency-Key on POST /contacts', () => {
  it('replays a creation (not 409 contact_email_duplicate), and stores a refusal too', async () => {
    const own = await ownWorkspace();
    const json = { name: 'Retry', email: uniqueEmail('retry') };
    const keyed = { ...own.headers, 'idempotency-key': 'contact-retry-0001' };
    const first = await post(json, keyed);
    expect(first.status).toBe(201);
    const again = await post(json, keyed);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await eventsOf(own.workspaceId)).toHaveLength(1);

    // A refusal that passed validation is stored under its key too, and replayed.
    const duplicateKeyed = { ...own.headers, 'idempotency-key': 'contact-duplicate-1' };
    await expectError(await post(json, duplicateKeyed), 409, 'contact_email_duplicate');
    const replayed = await post(json, duplicateKeyed);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    await expectError(replayed, 409, 'contact_email_duplicate');
  });
});

describe('tRPC and REST answer the same procedure', () => {
  it('contacts.list, contacts.get and contacts.create match REST', async () => {
    const own = await ownWorkspace();
    const client = createComptoirClient({ url: api.baseUrl, apiKey: own.key });
    const company = await createCompany({ name: 'Société tRPC' }, own.headers);
    const viaTrpc = await client.contacts.create.mutate({
      name: 'Via tRPC',
      email: 'trpc@x.test',
      companyId: company.id,
    });
    expect(viaTrpc.data).toMatchObject({
      name: 'Via tRPC',
      company: { id: company.id, name: 'Société tRPC' },
    });
    await create({ name: 'Via REST', email: 'rest@x.test' }, own.headers);
    expect(await client.contacts.list.query({ limit: 5, q: 'via' })).toEqual(
      await list('?limit=5&q=via', own.headers),
    );
    const response = await api.request(`/api/v1/contacts/${viaTrpc.data.id}`, { headers: own.headers });
    expect(await client.contacts.get.query({ id: viaTrpc.data.id })).toEqual(await response.json());
  });

  it('contacts.create refuses a duplicate e-mail with 409 contact_email_duplicate', async () => {
    const own = await ownWorkspace();
    const client = createComptoirClient({ url: api.baseUrl, apiKey: own.key });
    await client.contacts.create.mutate({ name: 'One', email: 'dup@trpc.test' });
    await expect(
      client.contacts.create.mutate({ name: 'Two', email: 'DUP@trpc.test' }),
    ).rejects.toMatchObject({
      data: { httpStatus: 409, error: { code: 'contact_email_duplicate' } },
    });
  });
});
