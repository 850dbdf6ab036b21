import { createComptoirClient } from '@comptoir/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  bearer,
  eventsAbout,
  expectError,
  expectInvalidBody,
  expectInvalidRequest,
  idOf,
} from './support/index.ts';

// Authentication, scopes, workspace isolation of the ids and list bounds: common-routes.test.ts.

interface Opportunity {
  id: string;
  title: string;
  status: string;
  amount: number | null;
  contactEmail: string | null;
  companyId: string | null;
  company: { id: string; name: string } | null;
  quoteSentAt?: string | null;
}

let api: TestApi;
let headers: Record<string, string>;
let workspaceId: string;
let companyId: string;
let contactId: string;

beforeAll(async () => {
  api = await startTestApi();
  workspaceId = (await api.make.workspace()).id;
  headers = bearer((await api.make.key(workspaceId)).key);
  companyId = (await api.make.company(workspaceId, 'Brasserie Éole')).id;
  const contact = await api.request('/api/v1/contacts', {
    method: 'POST',
    headers,
    json: { name: 'Ana', email: 'ana@eole.test', companyId },
  });
  contactId = ((await contact.json()) as { data: { id: string } }).data.id;
});
afterAll(() => api.close());

const create = (json: unknown, auth = headers) =>
  api.request('/api/v1/opportunities', { method: 'POST', headers: auth, json });

describe('POST /opportunities', () => {
  it('creates a DRAFT opportunity with its references and records opportunity.created', async () => {
    const response = await create({ title: 'Tireuse', amount: 1250.5, contactId, companyId });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: Opportunity };
    expect(data).toEqual({
      id: idOf('opp'),
      title: 'Tireuse',
      status: 'DRAFT',
      amount: 1250.5,
      priority: null,
      contactEmail: 'ana@eole.test',
      companyId,
      company: { id: companyId, name: 'Brasserie Éole' },
      lastContactAt: null,
      nextFollowUpAt: null,
      wonAt: null,
      createdAt: expect.any(String),
    });
    expect(await eventsAbout(api, data.id)).toEqual([{ type: 'opportunity.created', data }]);
  });

  it('keeps a given status, and accepts no references and no amount', async () => {
    const response = await create({ title: 'Hot lead', status: 'HOT' });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: Opportunity };
    expect(data).toMatchObject({
      status: 'HOT',
      amount: null,
      contactEmail: null,
      companyId: null,
      company: null,
    });
  });

  it.each([
    [{ title: '' }, 'title'],
    [{ title: 'x'.repeat(201) }, 'title'],
    [{ title: 'x', amount: -0.01 }, 'amount'],
    [{ title: 'x', amount: 0.00001 }, 'amount'],
    [{ title: 'x', status: 'MAYBE' }, 'status'],
    [{}, 'title'],
  ])('answers 400 invalid_body for %j', async (body, path) => {
    await expectInvalidBody(await create(body), path);
  });

  it('accepts the boundaries: a 200-character title and an amount of 0', async () => {
    expect((await create({ title: 'x'.repeat(200), amount: 0 })).status).toBe(201);
  });

  it('answers 404 contact_not_found and company_not_found, and records nothing', async () => {
    const before = await api.db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from events');
    const missingContact = await create({ title: 'x', contactId: 'con_00000000000000000000000000' });
    await expectError(missingContact, 404, 'contact_not_found');
    const missingCompany = await create({ title: 'x', companyId: 'cmp_00000000000000000000000000' });
    await expectError(missingCompany, 404, 'company_not_found');
    const after = await api.db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from events');
    expect(after).toEqual(before);
  });
});

describe('GET /opportunities', () => {
  it('lists newest first and filters by status', async () => {
    const all = (await (await api.request('/api/v1/opportunities?limit=100', { headers })).json()) as {
      data: Opportunity[];
      pagination: { total: number };
    };
    expect(all.pagination.total).toBe(all.data.length);
    const created = all.data.map((item) => (item as unknown as { createdAt: string }).createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const hot = (await (await api.request('/api/v1/opportunities?status=HOT', { headers })).json()) as {
      data: Opportunity[];
    };
    expect(hot.data.length).toBeGreaterThan(0);
    expect(hot.data.every((item) => item.status === 'HOT')).toBe(true);
  });

  it('answers 400 invalid_request for an unknown status', async () => {
    await expectInvalidRequest(
      await api.request('/api/v1/opportunities?status=SOMEDAY', { headers }),
      'status',
    );
  });

  it('shows one opportunity with quoteSentAt; another workspace lists none', async () => {
    const created = (await (await create({ title: 'Detail' })).json()) as { data: Opportunity };
    const response = await api.request(`/api/v1/opportunities/${created.data.id}`, { headers });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Opportunity };
    expect(data).toEqual({ ...created.data, quoteSentAt: null });

    const other = await api.make.workspace();
    const otherHeaders = bearer((await api.make.key(other.id)).key);
    const otherList = (await (
      await api.request('/api/v1/opportunities', { headers: otherHeaders })
    ).json()) as {
      pagination: { total: number };
    };
    expect(otherList.pagination.total).toBe(0);
  });
});

describe('tRPC and REST answer the same procedure', () => {
  it('opportunities.create, get and list match REST', async () => {
    const workspace = await api.make.workspace();
    const { key } = await api.make.key(workspace.id);
    const auth = bearer(key);
    const client = createComptoirClient({ url: api.baseUrl, apiKey: key });
    const created = await client.opportunities.create.mutate({ title: 'Via tRPC', amount: 99.5 });
    expect(created.data).toMatchObject({ title: 'Via tRPC', status: 'DRAFT', amount: 99.5, company: null });
    const read = await api.request(`/api/v1/opportunities/${created.data.id}`, { headers: auth });
    expect(await client.opportunities.get.query({ id: created.data.id })).toEqual(await read.json());
    const listed = await api.request('/api/v1/opportunities?status=DRAFT', { headers: auth });
    expect(await client.opportunities.list.query({ status: 'DRAFT' })).toEqual(await listed.json());
    await expect(
      client.opportunities.create.mutate({ title: 'x', contactId: 'con_00000000000000000000000000' }),
    ).rejects.toMatchObject({ data: { httpStatus: 404, error: { code: 'contact_not_found' } } });
  });
});
