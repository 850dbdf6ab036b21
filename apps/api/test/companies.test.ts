import { createComptoirClient } from '@comptoir/client';
import type { Scope } from '@comptoir/core';
import { fc } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  bearer,
  createOk,
  eventsOfWorkspace,
  expectInvalidBody,
  freshWorkspace,
  getOk,
  idOf,
  isoDateTime,
  type ListBody,
} from './support/index.ts';

// Authentication, scopes, workspace isolation of the ids and list bounds: common-routes.test.ts.

interface CompanyBody {
  id: string;
  name: string;
  siret: string | null;
  vatNumber: string | null;
  siretValid: boolean | null;
  vatNumberValid: boolean | null;
  address: string | null;
  phone: string | null;
  isSupplier: boolean;
  createdAt: string;
}

const companyId = idOf('cmp');
const contactsScopes: Scope[] = ['read:contacts', 'write:contacts'];

let api: TestApi;
let key: string;
let headers: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi();
  const workspace = await api.make.workspace('Companies');
  key = (await api.make.key(workspace.id, contactsScopes)).key;
  headers = bearer(key);
});
afterAll(() => api.close());

/** A workspace of its own, so that counts and events in it are exactly what the test made. */
const ownWorkspace = (scopes: Scope[] = contactsScopes) => freshWorkspace(api, scopes);

const post = (json: unknown, as = headers) =>
  api.request('/api/v1/companies', { method: 'POST', headers: as, json });

const create = (json: Record<string, unknown>, as = headers) =>
  createOk<CompanyBody>(api, '/companies', json, as);
const list = (query = '', as = headers) => getOk<ListBody<CompanyBody>>(api, `/companies${query}`, as);
const getJson = (id: string) => getOk<{ data: CompanyBody }>(api, `/companies/${id}`, headers);

const eventsOf = (workspaceId: string) => eventsOfWorkspace(api, workspaceId);

describe('POST /companies', () => {
  it('answers 201 with exactly the Company fields, normalising siret and vatNumber', async () => {
    const response = await post({
      name: 'Société Générale',
      siret: '732 829 320 00074',
      vatNumber: 'fr 44 732 829 320',
      address: '29 boulevard Haussmann, 75009 Paris',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      data: {
        id: companyId,
        name: 'Société Générale',
        siret: '73282932000074',
        vatNumber: 'FR44732829320',
        siretValid: true,
        vatNumberValid: true,
        address: '29 boulevard Haussmann, 75009 Paris',
        phone: null,
        isSupplier: false,
        createdAt: isoDateTime,
      },
    });
  });

  it('creates a company from a name alone: every optional field is null', async () => {
    const before = Date.now();
    const company = await create({ name: 'Name only' });
    expect(company).toEqual({
      id: companyId,
      name: 'Name only',
      siret: null,
      vatNumber: null,
      siretValid: null,
      vatNumberValid: null,
      address: null,
      phone: null,
      isSupplier: false,
      createdAt: isoDateTime,
    });
    expect(Date.parse(company.createdAt)).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(company.createdAt)).toBeLessThanOrEqual(Date.now() + 5_000);
  });

  it('trims the name', async () => {
    expect((await create({ name: '  Padded SARL  ' })).name).toBe('Padded SARL');
  });

  // Rulings, "Records": a field the operation does not define is refused, read-only ones included.
  it('refuses unknown fields, including ones that look like read-only Company fields, naming each', async () => {
    const error = await expectInvalidBody(
      await post({
        name: 'Unknown fields',
        id: 'cmp_00000000000000000000000000',
        workspaceId: 'wsp_00000000000000000000000000',
        isSupplier: true,
        phone: '+33123456789',
        createdAt: '2000-01-01T00:00:00.000Z',
        colour: 'blue',
      }),
      'colour',
    );
    expect(error.details?.map((detail) => detail.path).sort()).toEqual([
      'colour',
      'createdAt',
      'id',
      'isSupplier',
      'phone',
      'workspaceId',
    ]);
  });

  it('gives each company its own id', async () => {
    const first = await create({ name: 'Twin' });
    const second = await create({ name: 'Twin' });
    expect(first.id).not.toBe(second.id);
  });

  it.each([
    ['a name of 200 characters', { name: 'n'.repeat(200) }, 'name', 'n'.repeat(200)],
    [
      'an address of 1000 characters',
      { name: 'Long address', address: 'a'.repeat(1000) },
      'address',
      'a'.repeat(1000),
    ],
    [
      'a non-French vatNumber of 32 characters',
      { name: 'Long VAT', vatNumber: `DE${'1'.repeat(30)}` },
      'vatNumber',
      `DE${'1'.repeat(30)}`,
    ],
  ])('accepts %s', async (_label, body, field, stored) => {
    const company = await create(body);
    expect(company[field as keyof CompanyBody]).toBe(stored);
  });

  it.each([
    ['a missing name', {}, 'name'],
    ['an empty name', { name: '' }, 'name'],
    ['a name of spaces only', { name: '   ' }, 'name'],
    ['a name of 201 characters', { name: 'n'.repeat(201) }, 'name'],
    ['a name that is not a string', { name: 42 }, 'name'],
    ['an address of 1001 characters', { name: 'x', address: 'a'.repeat(1001) }, 'address'],
    ['a vatNumber of 33 characters', { name: 'x', vatNumber: `DE${'1'.repeat(31)}` }, 'vatNumber'],
    ['a siret of 33 characters', { name: 'x', siret: '1'.repeat(33) }, 'siret'],
    ['a siret that is not a string', { name: 'x', siret: 73282932000074 }, 'siret'],
  ])('answers 400 invalid_body for %s, naming the field', async (_label, body, path) => {
    await expectInvalidBody(await post(body), path);
  });
});

// Rulings: a client's identifiers are never refused for failing a checksum; reads report the
// checks (siretValid, vatNumberValid), and only operations that need them valid enforce them.
describe('SIRET check, reported on reads', () => {
  it.each([
    ['73282932000074', '73282932000074'],
    ['732 829 320 00074', '73282932000074'],
    ['55210055400013', '55210055400013'],
    ['443 061 841 00047', '44306184100047'],
    ['35600000000048', '35600000000048'],
    // La Poste: fails the Luhn checksum, but its digits sum to 45, a multiple of 5.
    ['35600000049837', '35600000049837'],
  ])('accepts %s, stores %s and reports siretValid true', async (siret, stored) => {
    const company = await create({ name: `SIRET ${siret}`, siret });
    expect(company).toMatchObject({ siret: stored, siretValid: true, vatNumberValid: null });
  });

  it.each([
    ['a bad Luhn checksum', '73282932000075', '73282932000075'],
    ['too few digits', '1234', '1234'],
    ['15 digits', '732829320000740', '732829320000740'],
    ['a letter', '7328293200007A', '7328293200007A'],
    [
      'a digit sum multiple of 5 outside La Poste (the exception is La Poste’s only)',
      '73282932000077',
      '73282932000077',
    ],
    ['a La Poste SIRET failing both the checksum and the sum rule', '35600000012345', '35600000012345'],
    ['32 characters, the contract’s limit', 'S'.repeat(32), 'S'.repeat(32)],
    ['free text', 'en cours d’immatriculation', 'en cours d’immatriculation'.replace(/\s+/g, '')],
  ])('accepts %s, stores it and reports siretValid false', async (_label, siret, stored) => {
    const company = await create({ name: 'Unchecked SIRET', siret });
    expect(company).toMatchObject({ siret: stored, siretValid: false });
    expect((await getJson(company.id)).data).toEqual(company);
  });
});

describe('VAT number check, reported on reads', () => {
  it.each([
    ['FR44732829320', 'FR44732829320'],
    ['fr44732829320', 'FR44732829320'],
    ['Fr 44 732 829 320', 'FR44732829320'],
    ['FR96552100554', 'FR96552100554'],
    // A key under 10 is written with two digits.
    ['FR07404833055', 'FR07404833055'],
  ])('accepts %s, stores %s and reports vatNumberValid true', async (vatNumber, stored) => {
    const company = await create({ name: `VAT ${vatNumber}`, vatNumber });
    expect(company).toMatchObject({ vatNumber: stored, vatNumberValid: true, siretValid: null });
  });

  it('reports vatNumberValid null for a non-French number (no check is made)', async () => {
    expect(await create({ name: 'Acme GmbH', vatNumber: 'DE123456789' })).toMatchObject({
      vatNumber: 'DE123456789',
      vatNumberValid: null,
    });
  });

  it.each([
    ['a wrong key', 'FR45732829320', 'FR45732829320'],
    ['a wrong key in lower case', 'fr45732829320', 'FR45732829320'],
    ['a one-digit key', 'FR7404833055', 'FR7404833055'],
    ['an 8-digit SIREN', 'FR4473282932', 'FR4473282932'],
    ['a 10-digit SIREN', 'FR447328293201', 'FR447328293201'],
    ['no digits at all', 'FR', 'FR'],
  ])(
    'accepts a French number with %s and reports vatNumberValid false',
    async (_label, vatNumber, stored) => {
      const company = await create({ name: 'Unchecked VAT', vatNumber });
      expect(company).toMatchObject({ vatNumber: stored, vatNumberValid: false });
      expect((await getJson(company.id)).data).toEqual(company);
    },
  );
});

describe('company.created events', () => {
  it('records exactly one company.created event whose data is the 201 data', async () => {
    const own = await ownWorkspace();
    const company = await create(
      { name: 'Évènement SA', siret: '82835627100019', vatNumber: 'DE123456789', address: '1 rue X' },
      own.headers,
    );
    expect(await eventsOf(own.workspaceId)).toEqual([{ type: 'company.created', data: company }]);
  });

  it('records one event per company, in order', async () => {
    const own = await ownWorkspace();
    const first = await create({ name: 'First' }, own.headers);
    const second = await create({ name: 'Second' }, own.headers);
    expect(await eventsOf(own.workspaceId)).toEqual([
      { type: 'company.created', data: first },
      { type: 'company.created', data: second },
    ]);
  });

  it('records nothing for a refused create', async () => {
    const own = await ownWorkspace();
    const readOnly = bearer((await api.make.key(own.workspaceId, ['read:contacts'])).key);
    expect((await post({}, own.headers)).status).toBe(400);
    expect((await post({ name: 'x', siret: 'S'.repeat(33) }, own.headers)).status).toBe(400);
    expect((await post({ name: 'x', vatNumber: 'V'.repeat(33) }, own.headers)).status).toBe(400);
    expect((await post({ name: 'x' }, readOnly)).status).toBe(403);
    expect(await eventsOf(own.workspaceId)).toEqual([]);
    expect((await list('', own.headers)).pagination.total).toBe(0);
  });
});

describe('GET /companies', () => {
  let own: Awaited<ReturnType<typeof ownWorkspace>>;
  const made: Record<string, CompanyBody> = {};

  beforeAll(async () => {
    own = await ownWorkspace();
    made.societe = await create({ name: 'Société Générale', siret: '73282932000074' }, own.headers);
    made.creme = await create({ name: 'Crème Fraîche SARL', vatNumber: 'FR44732829320' }, own.headers);
    made.acme = await create({ name: 'Acme GmbH', vatNumber: 'DE123456789' }, own.headers);
    made.muller = await create({ name: 'Boulangerie Müller', address: '3 place du Marché' }, own.headers);
    made.fifth = await create({ name: 'Zeta', siret: '54203809300010' }, own.headers);
    // Another workspace's company with a matching name must never show.
    const other = await ownWorkspace();
    made.foreign = await create({ name: 'Société Étrangère', siret: '41002812100011' }, other.headers);
  });

  const namesOf = (body: ListBody<CompanyBody>) => body.data.map((company) => company.name);

  it('lists the workspace’s companies newest first, with default pagination', async () => {
    const body = await list('', own.headers);
    expect(body.pagination).toEqual({ total: 5, limit: 20, offset: 0 });
    expect(namesOf(body)).toEqual([
      'Zeta',
      'Boulangerie Müller',
      'Acme GmbH',
      'Crème Fraîche SARL',
      'Société Générale',
    ]);
  });

  it('lists each company exactly as POST returned it', async () => {
    const body = await list('', own.headers);
    expect(body.data).toEqual([made.fifth, made.muller, made.acme, made.creme, made.societe]);
  });

  it('pages with limit and offset, keeping the total', async () => {
    const first = await list('?limit=2', own.headers);
    const second = await list('?limit=2&offset=2', own.headers);
    const third = await list('?limit=2&offset=4', own.headers);
    expect(namesOf(first)).toEqual(['Zeta', 'Boulangerie Müller']);
    expect(namesOf(second)).toEqual(['Acme GmbH', 'Crème Fraîche SARL']);
    expect(namesOf(third)).toEqual(['Société Générale']);
    expect(second.pagination).toEqual({ total: 5, limit: 2, offset: 2 });
    expect(await list('?offset=50', own.headers)).toEqual({
      data: [],
      pagination: { total: 5, limit: 20, offset: 50 },
    });
  });

  it.each([
    ['societe', ['Société Générale']],
    ['SOCIÉTÉ', ['Société Générale']],
    ['générale', ['Société Générale']],
    ['creme fraiche', ['Crème Fraîche SARL']],
    ['muller', ['Boulangerie Müller']],
    ['MÜLL', ['Boulangerie Müller']],
    ['gmbh', ['Acme GmbH']],
    ['32000074', ['Société Générale']],
    ['fr44', ['Crème Fraîche SARL']],
    ['de1234', ['Acme GmbH']],
    ['7328293', ['Crème Fraîche SARL', 'Société Générale']],
    // Identifiers as documents print them: stored without spaces, found with them.
    ['732 829 320 00074', ['Société Générale']],
    ['732 829 320', ['Crème Fraîche SARL', 'Société Générale']],
    [' 320  00074 ', ['Société Générale']],
    ['FR 44 732 829 320', ['Crème Fraîche SARL']],
    ['de 123 456', ['Acme GmbH']],
    ['boulangerie müller', ['Boulangerie Müller']],
    ['crème 44', []],
    ['marché', []],
    ['%', []],
    ['_', []],
    ['xyz-nothing', []],
  ])('q=%s finds a case- and accent-insensitive substring of name, siret or vatNumber', async (q, names) => {
    const body = await list(`?q=${encodeURIComponent(q)}`, own.headers);
    expect(namesOf(body)).toEqual(names);
    expect(body.pagination.total).toBe(names.length);
  });

  it('pages a search and keeps its total', async () => {
    const body = await list('?q=e&limit=2&offset=1', own.headers);
    const all = await list('?q=e&limit=100', own.headers);
    expect(all.pagination.total).toBe(all.data.length);
    expect(body.pagination).toEqual({ total: all.data.length, limit: 2, offset: 1 });
    expect(body.data).toEqual(all.data.slice(1, 3));
  });

  it('shows another workspace nothing: empty list, total 0', async () => {
    const stranger = await ownWorkspace(['read:contacts']);
    expect(await list('', stranger.headers)).toEqual({
      data: [],
      pagination: { total: 0, limit: 20, offset: 0 },
    });
    expect((await list('?q=societe', stranger.headers)).pagination.total).toBe(0);
  });

  it('follows an update of the name, SIRET and VAT number', async () => {
    const mine = await ownWorkspace();
    const company = await create(
      { name: 'Crêperie Kerguélen', siret: '732 829 320 00074', vatNumber: 'FR44732829320' },
      mine.headers,
    );
    const found = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`, mine.headers)).pagination.total;
    expect([await found('kerguelen'), await found('32000074'), await found('fr44')]).toEqual([1, 1, 1]);
    // Updates are internal (tRPC only).
    const client = createComptoirClient({ url: api.baseUrl, apiKey: mine.key });
    await client.companies.update.mutate({
      id: company.id,
      name: 'Galettes Noël',
      siret: '55210055400013',
      vatNumber: null,
    });
    expect([await found('kerguelen'), await found('32000074'), await found('fr44')]).toEqual([0, 0, 0]);
    expect([await found('NOEL'), await found('10055400')]).toEqual([1, 1]);
  });

  it('finds a VAT number stored with its spaces by its compact form too', async () => {
    const mine = await ownWorkspace();
    // A foreign number is stored as typed (only French ones lose their spaces).
    expect(
      await create({ name: 'Brouwerij Van Dijk', vatNumber: 'BE 0123 456 789' }, mine.headers),
    ).toMatchObject({
      vatNumber: 'BE 0123 456 789',
    });
    await create({ name: 'Acme GmbH', vatNumber: 'DE123456789' }, mine.headers);
    const found = async (q: string) =>
      namesOf(await list(`?q=${encodeURIComponent(q)}`, mine.headers)).sort();
    expect(await found('be0123456789')).toEqual(['Brouwerij Van Dijk']);
    expect(await found('BE0123')).toEqual(['Brouwerij Van Dijk']);
    expect(await found('be 0123 456')).toEqual(['Brouwerij Van Dijk']);
    expect(await found('3456789')).toEqual(['Acme GmbH', 'Brouwerij Van Dijk']);
    expect(await found('0123456789 ')).toEqual(['Brouwerij Van Dijk']);
  });

  it('does not show the other workspace’s company in this one', async () => {
    const body = await list('?q=etrangere', own.headers);
    expect(body).toEqual({ data: [], pagination: { total: 0, limit: 20, offset: 0 } });
  });
});

describe('GET /companies?q= with a SIRET or SIREN typed with spaces, over generated SIRETs', () => {
  let own: Awaited<ReturnType<typeof ownWorkspace>>;
  const stored: { id: string; siret: string }[] = [];
  const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 14, maxLength: 14 });
  // What people and documents put between digit groups: spaces, no-break and narrow no-break
  // spaces (French typography), a tab.
  const gap = fc.string({ unit: fc.constantFrom(' ', '\u00a0', '\u202f', '\t'), minLength: 1, maxLength: 2 });

  beforeAll(async () => {
    own = await ownWorkspace();
    // Names without digits, so a company answered for a q of digits is one whose SIRET has them.
    const sirets = [...new Set(fc.sample(digits, { numRuns: 30, seed: 32 }))];
    for (const [index, siret] of sirets.entries()) {
      const name = `Entreprise ${String.fromCharCode(97 + (index % 26))}${'x'.repeat(index)}`;
      stored.push({ id: (await create({ name, siret }, own.headers)).id, siret });
    }
  });

  it('finds the company by any piece of its SIRET (the SIREN among them) split by spaces anywhere, and answers only companies whose SIRET holds those digits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 3, max: 14 }),
        fc.array(fc.option(gap, { nil: '' }), { minLength: 13, maxLength: 13 }),
        async (which, from, length, gaps) => {
          const company = stored[which % stored.length];
          if (!company) throw new Error('no companies');
          const piece = company.siret.slice(from, from + length);
          const q = [...piece].map((digit, i) => (i === 0 ? digit : `${gaps[i - 1]}${digit}`)).join('');
          const body = await list(`?limit=100&q=${encodeURIComponent(q)}`, own.headers);
          const answered = body.data.map((item) => item.id);
          expect(answered, `q=${JSON.stringify(q)} in ${company.siret}`).toContain(company.id);
          for (const item of body.data) expect(item.siret).toContain(piece);
          expect(body.pagination.total).toBe(body.data.length);
        },
      ),
      { numRuns: 60, seed: 3232 },
    );
  });
});

describe('list order', () => {
  it('orders by createdAt desc, then id desc', async () => {
    const own = await ownWorkspace();
    const a = await create({ name: 'A' }, own.headers);
    const b = await create({ name: 'B' }, own.headers);
    const c = await create({ name: 'C' }, own.headers);
    const d = await create({ name: 'D' }, own.headers);
    const em = api.db.orm.em.fork();
    // A is the newest; B and C share one instant (the id decides); D is the oldest.
    await em.execute('update companies set created_at = ? where id = ?', ['2030-01-03T00:00:00Z', a.id]);
    await em.execute('update companies set created_at = ? where id in (?, ?)', [
      '2030-01-02T00:00:00Z',
      b.id,
      c.id,
    ]);
    await em.execute('update companies set created_at = ? where id = ?', ['2030-01-01T00:00:00Z', d.id]);
    const tied = [b, c].sort((x, y) => (x.id < y.id ? 1 : -1)).map((company) => company.name);
    const body = await list('', own.headers);
    expect(body.data.map((company) => company.name)).toEqual(['A', ...tied, 'D']);
    expect(body.data[0]?.createdAt).toBe('2030-01-03T00:00:00.000Z');
  });
});

describe('GET /companies/{id}', () => {
  it('returns the company exactly as POST returned it', async () => {
    const company = await create({
      name: 'Lookup SAS',
      siret: '44306184100047',
      vatNumber: 'FR64443061841',
      address: '8 rue de Londres',
    });
    const response = await api.request(`/api/v1/companies/${company.id}`, { headers });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: company });
  });

  it('returns a company made outside the API with the same shape', async () => {
    const own = await ownWorkspace();
    const made = await api.make.company(own.workspaceId, 'Made by factory');
    const response = await api.request(`/api/v1/companies/${made.id}`, { headers: own.headers });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: {
        id: made.id,
        name: 'Made by factory',
        siret: null,
        vatNumber: null,
        siretValid: null,
        vatNumberValid: null,
        address: null,
        phone: null,
        isSupplier: false,
        createdAt: isoDateTime,
      },
    });
  });
});

describe('tRPC and REST answer the same procedure', () => {
  it('companies.list, companies.get and companies.create match REST', async () => {
    const own = await ownWorkspace();
    const client = createComptoirClient({ url: api.baseUrl, apiKey: own.key });
    const viaTrpc = await client.companies.create.mutate({ name: 'Via tRPC', vatNumber: 'fr44732829320' });
    expect(viaTrpc.data).toMatchObject({ name: 'Via tRPC', vatNumber: 'FR44732829320', isSupplier: false });
    await create({ name: 'Via REST' }, own.headers);
    expect(await client.companies.list.query({ limit: 5, q: 'via' })).toEqual(
      await list('?limit=5&q=via', own.headers),
    );
    const response = await api.request(`/api/v1/companies/${viaTrpc.data.id}`, { headers: own.headers });
    expect(await client.companies.get.query({ id: viaTrpc.data.id })).toEqual(await response.json());
  });
});
