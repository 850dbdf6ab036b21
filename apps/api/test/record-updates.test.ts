import { createComptoirClient } from '@comptoir/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  callTrpc,
  databaseFingerprint,
  eventsAbout,
  expectTrpcError,
  freshWorkspace,
  isoDateTime,
  trpcErrorOf,
  unknownId,
} from './support/index.ts';

// opportunities.update, contacts.update, companies.update (rulings: "Lifecycles"). Product
// archiving: product-archive.test.ts. Authentication and scopes: common-routes.test.ts.

type Body = Record<string, unknown> & { id: string };

let api: TestApi;
let headers: Record<string, string>;
let key: string;

beforeAll(async () => {
  api = await startTestApi();
  const workspace = await freshWorkspace(api);
  headers = workspace.headers;
  key = workspace.key;
});
afterAll(() => api.close());

const mutate = (procedure: string, input: unknown, auth = headers) =>
  callTrpc<{ result: { data: { data: Body } } }>(api, procedure, 'mutation', input, auth);
async function ok(procedure: string, input: unknown): Promise<Body> {
  const answer = await mutate(procedure, input);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.data.data;
}
async function read(procedure: string, id: string): Promise<Body> {
  const answer = await callTrpc<{ result: { data: { data: Body } } }>(
    api,
    procedure,
    'query',
    { id },
    headers,
  );
  return answer.body.result.data.data;
}
const eventsOf = (id: string) => eventsAbout(api, id);
/** Expects a refusal that wrote nothing (no row, no event): its contract error. */
async function refused(procedure: string, input: Body, status: number, code: string) {
  const before = await databaseFingerprint(api);
  const error = await expectTrpcError(await mutate(procedure, input), status, code);
  expect(await databaseFingerprint(api)).toEqual(before);
  return error;
}

describe('opportunities.update', () => {
  const newOpportunity = () => ok('opportunities.create', { title: 'Banquet de printemps', amount: 800 });

  it('changes the given fields, attaches a contact and a company, and records opportunity.updated', async () => {
    const opportunity = await newOpportunity();
    const company = await ok('companies.create', { name: 'Traiteur Azur' });
    const contact = await ok('contacts.create', { name: 'Inès', email: 'ines@azur.test' });
    const updated = await ok('opportunities.update', {
      id: opportunity.id,
      title: 'Banquet d’été',
      amount: 1250.5,
      priority: 'high',
      contactId: contact.id,
      companyId: company.id,
      lastContactAt: '2026-11-20T09:30:00+01:00',
      nextFollowUpAt: '2026-12-01T08:00:00Z',
    });
    expect(updated).toEqual({
      ...opportunity,
      title: 'Banquet d’été',
      amount: 1250.5,
      priority: 'high',
      contactEmail: 'ines@azur.test',
      companyId: company.id,
      company: { id: company.id, name: 'Traiteur Azur' },
      lastContactAt: '2026-11-20T08:30:00.000Z',
      nextFollowUpAt: '2026-12-01T08:00:00.000Z',
      quoteSentAt: null,
    });
    expect(await read('opportunities.get', opportunity.id)).toEqual(updated);
    const { quoteSentAt: _, ...event } = updated;
    expect(await eventsOf(opportunity.id)).toEqual([
      { type: 'opportunity.created', data: opportunity },
      { type: 'opportunity.updated', data: event },
    ]);
  });

  it('clears amount, priority, dates and detaches the contact and company with null', async () => {
    const company = await ok('companies.create', { name: 'Détachée' });
    const contact = await ok('contacts.create', { name: 'Léo', email: 'leo@detache.test' });
    const opportunity = await newOpportunity();
    const attached = { priority: 'low', contactId: contact.id, companyId: company.id };
    await ok('opportunities.update', {
      id: opportunity.id,
      ...attached,
      lastContactAt: '2026-11-20T09:00:00Z',
    });
    const cleared = await ok('opportunities.update', {
      id: opportunity.id,
      amount: null,
      priority: null,
      contactId: null,
      companyId: null,
      lastContactAt: null,
      nextFollowUpAt: null,
    });
    expect(cleared).toMatchObject({ amount: null, priority: null, contactEmail: null, companyId: null });
    expect(cleared).toMatchObject({ company: null, lastContactAt: null, nextFollowUpAt: null });
  });

  it('stamps wonAt on entering WON and clears it on leaving; won / lost events on entering', async () => {
    const { id } = await newOpportunity();
    const won = await ok('opportunities.update', { id, status: 'WON' });
    expect(won).toMatchObject({ status: 'WON', wonAt: isoDateTime });
    const hot = await ok('opportunities.update', { id, status: 'HOT' });
    expect(hot).toMatchObject({ status: 'HOT', wonAt: null });
    const lost = await ok('opportunities.update', { id, status: 'LOST' });
    await ok('opportunities.update', { id, status: 'LOST' });
    const strip = ({ quoteSentAt: _, ...opportunity }: Body) => opportunity;
    expect((await eventsOf(id)).slice(1)).toEqual([
      { type: 'opportunity.updated', data: strip(won) },
      { type: 'opportunity.won', data: strip(won) },
      { type: 'opportunity.updated', data: strip(hot) },
      { type: 'opportunity.updated', data: strip(lost) },
      { type: 'opportunity.lost', data: strip(lost) },
    ]);
  });

  it('changes nothing and records nothing for an empty patch or the stored values', async () => {
    const opportunity = await newOpportunity();
    const before = await databaseFingerprint(api);
    expect(await ok('opportunities.update', { id: opportunity.id })).toEqual({
      ...opportunity,
      quoteSentAt: null,
    });
    await ok('opportunities.update', { id: opportunity.id, title: 'Banquet de printemps', amount: 800.0 });
    expect(await databaseFingerprint(api)).toEqual(before);
  });

  it('answers 404 contact_not_found / company_not_found for unknown references, changing nothing', async () => {
    const { id } = await newOpportunity();
    await refused(
      'opportunities.update',
      { id, title: 'X', contactId: unknownId('con') },
      404,
      'contact_not_found',
    );
    await refused('opportunities.update', { id, companyId: unknownId('cmp') }, 404, 'company_not_found');
  });

  it.each([
    ['priority', 'critical'],
    ['status', 'OPEN'],
    ['amount', -1],
    ['amount', 1.00001],
    ['title', '  '],
    ['lastContactAt', 'yesterday'],
    ['contactId', ''],
  ])('answers 400 invalid_body naming %s (%#)', async (field, value) => {
    const { id } = await newOpportunity();
    const error = await refused('opportunities.update', { id, [field]: value }, 400, 'invalid_body');
    expect(error.details?.map((detail) => detail.path)).toContain(field);
  });
});

describe('contacts.update', () => {
  let email = 0;
  const newContact = (extra: Record<string, unknown> = {}) =>
    ok('contacts.create', {
      name: 'Camille',
      email: `camille.${++email}@bistro.test`,
      phone: '0102030405',
      ...extra,
    });

  it('changes the given fields, answers the ContactDetail and records contact.updated as a Contact', async () => {
    const contact = await newContact();
    const company = await ok('companies.create', { name: 'Bistro Sud', siret: '73282932000074' });
    const updated = await ok('contacts.update', {
      id: contact.id,
      name: 'Camille D.',
      email: 'camille.d@bistro.test',
      companyId: company.id,
    });
    expect(updated).toEqual({
      ...contact,
      name: 'Camille D.',
      email: 'camille.d@bistro.test',
      company: expect.objectContaining({ id: company.id, name: 'Bistro Sud', siret: '73282932000074' }),
    });
    expect(await read('contacts.get', contact.id)).toEqual(updated);
    expect(await eventsOf(contact.id)).toEqual([
      { type: 'contact.created', data: contact },
      { type: 'contact.updated', data: { ...updated, company: { id: company.id, name: 'Bistro Sud' } } },
    ]);
  });

  it('clears the phone and detaches the company with null', async () => {
    const company = await ok('companies.create', { name: 'Quittée' });
    const contact = await newContact({ companyId: company.id });
    const updated = await ok('contacts.update', { id: contact.id, phone: null, companyId: null });
    expect(updated).toEqual({ ...contact, phone: null, company: null });
  });

  it('keeps e-mails unique case-insensitively: 409 contact_email_duplicate, nothing changed', async () => {
    const taken = await newContact();
    const contact = await newContact();
    const email = String(taken.email).toUpperCase();
    await refused('contacts.update', { id: contact.id, email }, 409, 'contact_email_duplicate');
    // Its own e-mail in another case is still its own.
    const recased = await ok('contacts.update', {
      id: contact.id,
      email: String(contact.email).toUpperCase(),
    });
    expect(recased.email).toBe(String(contact.email).toUpperCase());
  });

  it('answers 404 company_not_found for an unknown company; an empty patch records nothing', async () => {
    const contact = await newContact();
    await refused(
      'contacts.update',
      { id: contact.id, companyId: unknownId('cmp') },
      404,
      'company_not_found',
    );
    const before = await databaseFingerprint(api);
    await ok('contacts.update', { id: contact.id });
    await ok('contacts.update', { id: contact.id, name: 'Camille', phone: '0102030405' });
    expect(await databaseFingerprint(api)).toEqual(before);
  });

  it.each([
    ['email', 'not-an-email'],
    ['name', ''],
    ['phone', 'x'.repeat(33)],
    ['companyId', ''],
  ])('answers 400 invalid_body naming %s', async (field, value) => {
    const { id } = await newContact();
    const error = await refused('contacts.update', { id, [field]: value }, 400, 'invalid_body');
    expect(error.details?.map((detail) => detail.path)).toContain(field);
  });
});

describe('companies.update', () => {
  it('changes the fields leniently, reports the identifier checks, records company.updated', async () => {
    const company = await ok('companies.create', { name: 'Cave du Port' });
    const updated = await ok('companies.update', {
      id: company.id,
      name: 'Cave du Port SAS',
      siret: '732 829 320 00074',
      vatNumber: 'fr 44 732829320',
      address: '1 quai du Port, Sète',
    });
    expect(updated).toEqual({
      ...company,
      name: 'Cave du Port SAS',
      siret: '73282932000074',
      siretValid: true,
      vatNumber: 'FR44732829320',
      vatNumberValid: true,
      address: '1 quai du Port, Sète',
    });
    const lenient = await ok('companies.update', { id: company.id, siret: '12345678901234' });
    expect(lenient).toMatchObject({ siret: '12345678901234', siretValid: false });
    expect(await read('companies.get', company.id)).toEqual(lenient);
    expect(await eventsOf(company.id)).toEqual([
      { type: 'company.created', data: company },
      { type: 'company.updated', data: updated },
      { type: 'company.updated', data: lenient },
    ]);
  });

  it('clears siret, vatNumber and address with null; an empty patch records nothing', async () => {
    const company = await ok('companies.create', {
      name: 'Effacée',
      siret: '73282932000074',
      address: 'Ici',
    });
    const cleared = await ok('companies.update', {
      id: company.id,
      siret: null,
      vatNumber: null,
      address: null,
    });
    expect(cleared).toEqual({
      ...company,
      siret: null,
      siretValid: null,
      vatNumberValid: null,
      address: null,
    });
    const before = await databaseFingerprint(api);
    await ok('companies.update', { id: company.id });
    expect(await databaseFingerprint(api)).toEqual(before);
  });

  it.each([
    ['name', ''],
    ['siret', '1'.repeat(33)],
    ['address', 'x'.repeat(1001)],
  ])('answers 400 invalid_body naming %s', async (field, value) => {
    const { id } = await ok('companies.create', { name: 'Valide' });
    const error = await refused('companies.update', { id, [field]: value }, 400, 'invalid_body');
    expect(error.details?.map((detail) => detail.path)).toContain(field);
  });
});

describe('isolation and the typed client', () => {
  it.each([
    ['opportunities', { title: 'Ailleurs' }, { title: 'Pris' }],
    ['contacts', { name: 'Ailleurs', email: 'ailleurs@other.test' }, { name: 'Pris' }],
    ['companies', { name: 'Ailleurs' }, { name: 'Pris' }],
  ])('answers 404 not_found for another workspace’s %s and for unknown ids', async (router, input, patch) => {
    const other = await freshWorkspace(api);
    const foreign = await mutate(`${router}.create`, input, other.headers);
    const id = foreign.body.result.data.data.id;
    await refused(`${router}.update`, { id, ...patch }, 404, 'not_found');
    await refused(`${router}.update`, { id: 'nope', ...patch }, 404, 'not_found');
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('updates through @comptoir/client and reads the contract error of a refusal', async () => {
    const client = createComptoirClient({ url: api.baseUrl, apiKey: key });
    const { data: opportunity } = await client.opportunities.create.mutate({ title: 'Typée' });
    const { data: updated } = await client.opportunities.update.mutate({ id: opportunity.id, status: 'WON' });
    expect(updated).toMatchObject({ id: opportunity.id, status: 'WON', wonAt: isoDateTime });
    const { id } = await ok('companies.create', { name: 'Typée' });
    const { data: company } = await client.companies.update.mutate({ id, name: 'Typée SA' });
    expect(company).toMatchObject({ id, name: 'Typée SA' });
    const error = await trpcErrorOf(
      client.contacts.update.mutate({ id: unknownId('con'), name: 'Personne' }),
    );
    expect(error.code).toBe('not_found');
  });
});
