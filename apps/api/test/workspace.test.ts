import { createComptoirClient } from '@comptoir/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  type Answer,
  bearer,
  callTrpc,
  databaseFingerprint,
  eventsOfWorkspace,
  expectTrpcError,
  isoDateTime,
  trpcErrorOf,
} from './support/index.ts';

// workspace.get / workspace.update (rulings: "Lifecycles", Workspace). Authentication and the
// scopes of every procedure are also checked by common-routes.test.ts.

interface WorkspaceBody {
  id: string;
  name: string;
  [field: string]: unknown;
}

let api: TestApi;
let headers: Record<string, string>;
let key: string;
let workspaceId: string;

beforeAll(async () => {
  api = await startTestApi();
  workspaceId = (await api.make.workspace('Atelier Dupont')).id;
  key = (await api.make.key(workspaceId, ['read:workspace', 'write:workspace'])).key;
  headers = bearer(key);
});
afterAll(() => api.close());

async function get(auth = headers): Promise<WorkspaceBody> {
  const answer = await callTrpc<{ result: { data: { data: WorkspaceBody } } }>(
    api,
    'workspace.get',
    'query',
    {},
    auth,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.data.data;
}

const send = (input: Record<string, unknown>, auth = headers) =>
  callTrpc<{ result: { data: { data: WorkspaceBody } } }>(api, 'workspace.update', 'mutation', input, auth);

async function update(input: Record<string, unknown>): Promise<WorkspaceBody> {
  const answer = await send(input);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.data.data;
}

/** An update that must be refused with 400 invalid_body naming `path`, writing nothing. */
async function expectRefused(input: Record<string, unknown>, path: string) {
  const before = await databaseFingerprint(api);
  const error = await expectTrpcError((await send(input)) as Answer, 400, 'invalid_body');
  expect(new Set(error.details?.map((detail) => detail.path))).toEqual(new Set([path]));
  expect(await databaseFingerprint(api)).toEqual(before);
  return error;
}

const identity = {
  legalName: 'Atelier Dupont SAS',
  legalForm: 'SAS',
  shareCapital: 10000.5,
  rcsCity: 'Lyon',
  siren: '732829320',
  siret: '73282932000074',
  vatNumber: 'FR44732829320',
  address: {
    lines: ['12 rue de la République', 'Bâtiment B'],
    postalCode: '69002',
    city: 'Lyon',
    countryCode: 'FR',
  },
  iban: 'FR7630006000011234567890189',
  bic: 'BNPAFRPPXXX',
  paymentTermsDays: 45,
  latePenaltyRate: 12.5,
  vatOnDebits: true,
};

const cleared = {
  legalName: null,
  legalForm: null,
  shareCapital: null,
  rcsCity: null,
  siren: null,
  siret: null,
  vatNumber: null,
  address: null,
  iban: null,
  bic: null,
  latePenaltyRate: null,
};

describe('workspace.get', () => {
  it('answers a new workspace with its defaults: no identity, 30 days, VAT on payment', async () => {
    expect(await get()).toEqual({
      id: workspaceId,
      name: 'Atelier Dupont',
      negativeStock: 'block',
      ...cleared,
      paymentTermsDays: 30,
      vatOnDebits: false,
      createdAt: isoDateTime,
      updatedAt: isoDateTime,
    });
  });
});

describe('workspace.update', () => {
  it('sets every field, answers the workspace as workspace.get shows it, and records workspace.updated with it', async () => {
    const updated = await update({ name: 'Atelier Dupont & fils', negativeStock: 'allow', ...identity });
    expect(updated).toEqual({
      id: workspaceId,
      name: 'Atelier Dupont & fils',
      negativeStock: 'allow',
      ...identity,
      createdAt: isoDateTime,
      updatedAt: isoDateTime,
    });
    expect(await get()).toEqual(updated);
    const events = await eventsOfWorkspace(api, workspaceId);
    expect(events.at(-1)).toEqual({ type: 'workspace.updated', data: updated });
  });

  it('changes only the fields given', async () => {
    const before = await get();
    const updated = await update({ paymentTermsDays: 60 });
    expect(updated).toEqual({ ...before, paymentTermsDays: 60, updatedAt: isoDateTime });
  });

  it('keeps identifiers as documents print them: no spaces, upper case', async () => {
    const updated = await update({
      siret: '732 829 320 00074',
      vatNumber: 'fr 44 732 829 320',
      iban: 'fr76 3000 6000 0112 3456 7890 189',
      bic: 'bnpafrpp',
    });
    expect(updated).toMatchObject({
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      iban: 'FR7630006000011234567890189',
      bic: 'BNPAFRPP',
    });
  });

  it('accepts another EU VAT number by its shape, beside a French SIREN', async () => {
    expect(await update({ vatNumber: 'DE123456789' })).toMatchObject({ vatNumber: 'DE123456789' });
    expect(await update({ vatNumber: 'BE0123456789' })).toMatchObject({ vatNumber: 'BE0123456789' });
  });

  it('writes nothing and records no event for a patch that changes nothing', async () => {
    const current = await get();
    const before = await databaseFingerprint(api);
    expect(await update({ name: current.name, paymentTermsDays: current.paymentTermsDays })).toEqual(current);
    expect(await update({})).toEqual(current);
    expect(await databaseFingerprint(api)).toEqual(before);
  });

  it('clears each nullable field with null; the others keep their values', async () => {
    const updated = await update(cleared);
    expect(updated).toMatchObject({
      ...cleared,
      paymentTermsDays: 60,
      vatOnDebits: true,
      negativeStock: 'allow',
    });
    expect(await get()).toEqual(updated);
    expect((await eventsOfWorkspace(api, workspaceId)).at(-1)).toEqual({
      type: 'workspace.updated',
      data: updated,
    });
  });

  const address = identity.address;
  it.each([
    ['siren', '123456789'],
    ['siren', '73282932'],
    ['siren', 'ABCDEFGHI'],
    ['siret', '73282932000075'],
    ['siret', '7328293200007'],
    ['vatNumber', 'FR45732829320'],
    ['vatNumber', 'FRAB732829320'],
    ['vatNumber', 'DE12345678'],
    ['vatNumber', 'US123456789'],
    ['iban', 'FR7630006000011234567890188'],
    ['iban', 'FR76'],
    ['iban', 'ZZ7630006000011234567890189'],
    ['bic', 'BNPAFRP'],
    ['bic', 'BNPAFRPPXX'],
    ['bic', 'BNPAZZPP'],
    ['address.countryCode', { ...address, countryCode: 'fr' }],
    ['address.countryCode', { ...address, countryCode: 'ZZ' }],
    ['address.lines', { ...address, lines: [] }],
    ['address.lines', { ...address, lines: ['1', '2', '3', '4'] }],
    ['address.lines.0', { ...address, lines: ['  '] }],
    ['address.lines.1', { ...address, lines: ['1', 'x'.repeat(201)] }],
    ['address.city', { lines: ['1'], postalCode: '69002', countryCode: 'FR' }],
    ['paymentTermsDays', -1],
    ['paymentTermsDays', 1.5],
    ['latePenaltyRate', -1],
    ['shareCapital', 1.234],
    ['name', ''],
    ['name', null],
    ['negativeStock', 'sometimes'],
    ['vatOnDebits', 'yes'],
  ])('refuses %s = %j with 400 invalid_body naming it, and writes nothing', async (path, value) => {
    const field = path.split('.')[0] as string;
    await expectRefused({ [field]: value }, path);
  });

  it('refuses a SIRET that does not start with the SIREN, naming the field the patch sent', async () => {
    await expectRefused({ siren: '732829320', siret: '55210055400013' }, 'siret');
    await update({ siren: '732829320', siret: '73282932000074', vatNumber: 'FR44732829320' });
    const error = await expectRefused({ siren: '552100554' }, 'siren');
    expect(error.message).toContain('552100554');
  });

  it('refuses a French VAT number built on another SIREN than the workspace’s', async () => {
    await expectRefused({ vatNumber: 'FR96552100554' }, 'vatNumber');
    // Both identifiers can move together to another company's.
    const moved = await update({ siren: '552100554', siret: '55210055400013', vatNumber: 'FR96552100554' });
    expect(moved).toMatchObject({ siren: '552100554', siret: '55210055400013', vatNumber: 'FR96552100554' });
  });
});

describe('scopes and workspaces', () => {
  it('reads with read:workspace only; updating needs write:workspace', async () => {
    const reader = bearer((await api.make.key(workspaceId, ['read:workspace'])).key);
    expect((await get(reader)).id).toBe(workspaceId);
    const error = await expectTrpcError(
      (await send({ name: 'Nope' }, reader)) as Answer,
      403,
      'insufficient_scope',
    );
    expect(error.message).toContain('write:workspace');
    const writer = bearer((await api.make.key(workspaceId, ['write:workspace'])).key);
    const refused = await callTrpc(api, 'workspace.get', 'query', {}, writer);
    expect((await expectTrpcError(refused as Answer, 403, 'insufficient_scope')).message).toContain(
      'read:workspace',
    );
  });

  it('each key reaches its own workspace only', async () => {
    const other = await api.make.workspace('Other');
    const otherHeaders = bearer((await api.make.key(other.id, ['read:workspace', 'write:workspace'])).key);
    const mine = await get();
    await update({ legalName: 'Mine' });
    expect(await get(otherHeaders)).toMatchObject({ id: other.id, name: 'Other', legalName: null });
    await send({ legalName: 'Theirs' }, otherHeaders);
    expect(await get()).toMatchObject({ id: mine.id, legalName: 'Mine' });
    expect(await eventsOfWorkspace(api, other.id)).toEqual([
      { type: 'workspace.updated', data: expect.objectContaining({ id: other.id, legalName: 'Theirs' }) },
    ]);
  });
});

describe('the typed client', () => {
  it('gets and updates the workspace, and reads a refusal as the contract’s error', async () => {
    const client = createComptoirClient({ url: api.baseUrl, apiKey: key });
    const updated = await client.workspace.update.mutate({ rcsCity: 'Villeurbanne', latePenaltyRate: 10 });
    expect(updated.data).toMatchObject({ rcsCity: 'Villeurbanne', latePenaltyRate: 10 });
    expect((await client.workspace.get.query({})).data).toEqual(updated.data);
    const error = await trpcErrorOf(client.workspace.update.mutate({ iban: 'FR7630006000011234567890188' }));
    expect(error).toMatchObject({ httpStatus: 400, code: 'invalid_body' });
    expect(error.details?.map((detail) => detail.path)).toEqual(['iban']);
  });
});
