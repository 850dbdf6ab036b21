import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  callTrpc,
  databaseFingerprint,
  eventsAbout,
  expectInvalidBody,
  expectTrpcError,
  freshWorkspace,
  sellerWorkspace,
  type Workspace,
} from './support/index.ts';
import { type Client, clientOf, invoiceInput, restInvoice } from './support/invoice-states.ts';

// The buyer and operation fields of an invoice (rulings: "Documents"), and invoices.send's
// 422 invoice_incomplete for an invoice that could not make a valid EN 16931 document.

let api: TestApi;
let seller: Workspace;
let client: Client;

beforeAll(async () => {
  api = await startTestApi();
  seller = await sellerWorkspace(api);
  client = clientOf(api, seller);
});
afterAll(() => api.close());

const buyer = {
  clientAddress: '4 place des Halles\nBâtiment B',
  clientPostalCode: '69001',
  clientCity: 'Lyon',
  clientCountryCode: 'FR',
  clientSiren: '552081317',
  clientVatNumber: 'FR03552081317',
  deliveryAddress: 'Entrepôt Nord\n12 rue du Port\n69007 Lyon',
  operationCategory: 'goods',
} as const;

const create = (json: unknown) =>
  api.request('/api/v1/invoices', { method: 'POST', headers: seller.headers, json });

describe('the buyer fields', () => {
  it('are taken by POST /invoices (spaces ignored in identifiers), read back and carried by invoice.created', async () => {
    const response = await create({
      ...invoiceInput,
      ...buyer,
      clientSiren: '552 081 317',
      clientVatNumber: 'fr 03 552 081 317',
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { id: string } };
    expect(data).toMatchObject(buyer);
    expect(await restInvoice(api, seller, data.id)).toMatchObject(buyer);
    expect((await eventsAbout(api, data.id))[0]?.data).toMatchObject(buyer);
  });

  it.each([
    ['clientSiren', '552081318'],
    ['clientSiren', '55208131'],
    ['clientVatNumber', 'FR00552081317'],
    ['clientVatNumber', 'US123'],
    ['clientCountryCode', 'fr'],
    ['clientCountryCode', 'XX'],
    ['operationCategory', 'both'],
  ])('refuses %s %j with 400 invalid_body naming it, nothing stored', async (field, value) => {
    const before = await databaseFingerprint(api);
    await expectInvalidBody(await create({ ...invoiceInput, [field]: value }), field);
    expect(await databaseFingerprint(api)).toEqual(before);
  });

  it('are set and cleared by invoices.update, recorded in invoice.updated', async () => {
    const { data: draft } = await client.invoices.create.mutate(invoiceInput);
    const { data: set } = await client.invoices.update.mutate({ id: draft.id, ...buyer });
    expect(set).toMatchObject(buyer);
    const { data: cleared } = await client.invoices.update.mutate({
      id: draft.id,
      clientAddress: null,
      clientSiren: null,
      deliveryAddress: null,
      clientCountryCode: 'DE',
      operationCategory: 'mixed',
    });
    expect(cleared).toMatchObject({
      ...buyer,
      clientAddress: null,
      clientSiren: null,
      deliveryAddress: null,
      clientCountryCode: 'DE',
      operationCategory: 'mixed',
    });
    const events = await eventsAbout(api, draft.id);
    expect(events.map((event) => event.type)).toEqual([
      'invoice.created',
      'invoice.updated',
      'invoice.updated',
    ]);
    expect(events[2]?.data).toMatchObject({ clientCountryCode: 'DE', clientSiren: null });
  });

  it('are copied by the credit note that cancels the invoice', async () => {
    const { data: draft } = await client.invoices.create.mutate({ ...invoiceInput, ...buyer });
    await client.invoices.send.mutate({ id: draft.id });
    const { data: cancelled } = await client.invoices.cancel.mutate({ id: draft.id });
    if (!cancelled.creditNoteId) throw new Error('no credit note');
    const { data: creditNote } = await client.invoices.get.query({ id: cancelled.creditNoteId });
    expect(creditNote).toMatchObject({ type: 'credit_note', ...buyer });
  });

  it('come from the quote on conversion: address, VAT number, and the SIREN of a valid SIRET', async () => {
    const convert = async (siret: string) => {
      const { data: quote } = await client.quotes.create.mutate(invoiceInput);
      // No procedure writes a quote's client identity yet: it is set as an import would.
      await api.db.orm.em
        .fork()
        .execute(
          'update quotes set client_address = ?, client_siret = ?, client_vat_number = ? where id = ?',
          ['4 place des Halles\n69001 Lyon', siret, 'FR03552081317', quote.id],
        );
      await client.quotes.send.mutate({ id: quote.id });
      await client.quotes.accept.mutate({ id: quote.id });
      const { data: accepted } = await client.quotes.convertToInvoice.mutate({ id: quote.id });
      if (!accepted.invoiceId) throw new Error('no invoice');
      return (await client.invoices.get.query({ id: accepted.invoiceId })).data;
    };
    expect(await convert('55208131766522')).toMatchObject({
      clientAddress: '4 place des Halles\n69001 Lyon',
      clientVatNumber: 'FR03552081317',
      clientSiren: '552081317',
      clientCountryCode: 'FR',
      operationCategory: 'services',
    });
    expect((await convert('55208131766523')).clientSiren).toBeNull();
  });
});

describe('invoices.send: 422 invoice_incomplete', () => {
  async function expectIncomplete(workspace: Workspace, id: string, paths: string[]) {
    const before = await databaseFingerprint(api);
    const error = await expectTrpcError(
      await callTrpc(api, 'invoices.send', 'mutation', { id }, workspace.headers),
      422,
      'invoice_incomplete',
    );
    expect(error.details?.map((detail) => detail.path)).toEqual(paths);
    expect(await databaseFingerprint(api)).toEqual(before);
  }

  it('names every missing field of the seller’s identity, then sends once it is complete', async () => {
    const bare = await freshWorkspace(api);
    const bareClient = clientOf(api, bare);
    const { data: draft } = await bareClient.invoices.create.mutate(invoiceInput);
    await expectIncomplete(bare, draft.id, [
      'workspace.legalName',
      'workspace.siren',
      'workspace.vatNumber',
      'workspace.address',
    ]);
    await bareClient.workspace.update.mutate({ legalName: 'Bare SAS', siren: '732829320' });
    await expectIncomplete(bare, draft.id, ['workspace.vatNumber', 'workspace.address']);
    await bareClient.workspace.update.mutate({
      vatNumber: 'FR44732829320',
      address: { lines: ['1 rue du Test'], postalCode: '75001', city: 'Paris', countryCode: 'FR' },
    });
    expect((await bareClient.invoices.send.mutate({ id: draft.id })).data.status).toBe('SENT');
  });

  it('needs no seller VAT number when no VAT applies (every line at 0 %, no reverse charge)', async () => {
    const exempt = await freshWorkspace(api);
    const exemptClient = clientOf(api, exempt);
    await exemptClient.workspace.update.mutate({
      legalName: 'Micro Martin EI',
      siren: '732829320',
      address: { lines: ['1 rue du Test'], postalCode: '75001', city: 'Paris', countryCode: 'FR' },
    });
    const { data: zero } = await exemptClient.invoices.create.mutate({
      ...invoiceInput,
      lines: [{ title: 'Cours', quantity: 1, unitPrice: 40, taxRate: 0 }],
    });
    expect((await exemptClient.invoices.send.mutate({ id: zero.id })).data.status).toBe('SENT');
    const { data: taxed } = await exemptClient.invoices.create.mutate(invoiceInput);
    await expectIncomplete(exempt, taxed.id, ['workspace.vatNumber']);
  });

  it('needs the SIREN of a French company buyer, not of a person or a foreign company', async () => {
    const { data: company } = await client.invoices.create.mutate(invoiceInput);
    await client.invoices.update.mutate({ id: company.id, clientCompany: 'Plage SAS' });
    await expectIncomplete(seller, company.id, ['clientSiren']);
    await client.invoices.update.mutate({ id: company.id, clientSiren: '552081317' });
    expect((await client.invoices.send.mutate({ id: company.id })).data.status).toBe('SENT');

    const { data: foreign } = await client.invoices.create.mutate({
      ...invoiceInput,
      clientCountryCode: 'DE',
    });
    await client.invoices.update.mutate({ id: foreign.id, clientCompany: 'Hafen GmbH' });
    expect((await client.invoices.send.mutate({ id: foreign.id })).data.status).toBe('SENT');
  });

  it('needs the buyer’s VAT number under reverse charge', async () => {
    const { data: draft } = await client.invoices.create.mutate({ ...invoiceInput, clientCountryCode: 'DE' });
    await client.invoices.update.mutate({ id: draft.id, reverseCharge: true });
    await expectIncomplete(seller, draft.id, ['clientVatNumber']);
    await client.invoices.update.mutate({ id: draft.id, clientVatNumber: 'DE123456789' });
    expect((await client.invoices.send.mutate({ id: draft.id })).data.status).toBe('SENT');
  });
});

// Rulings, "Records": invoice and quote creates take `clientCompany`, the field their reads show.
describe('clientCompany on creates', () => {
  it('is taken by POST /invoices, read back, and named as the buyer on the issued document', async () => {
    const response = await create({ ...invoiceInput, ...buyer, clientCompany: 'Port & Fils SARL' });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { id: string } };
    expect(await restInvoice(api, seller, data.id)).toMatchObject({ clientCompany: 'Port & Fils SARL' });
    expect((await eventsAbout(api, data.id))[0]?.data).toMatchObject({ clientCompany: 'Port & Fils SARL' });
    await client.invoices.send.mutate({ id: data.id });
    const xml = await api.request(`/api/v1/invoices/${data.id}/factur-x.xml`, { headers: seller.headers });
    expect(await xml.text()).toContain('Port &amp; Fils SARL');
  });

  it('is taken by POST /quotes and carried to the invoice by the conversion', async () => {
    const answer = await api.request('/api/v1/quotes', {
      method: 'POST',
      headers: seller.headers,
      json: { ...invoiceInput, clientCompany: 'Halles Lyon SAS' },
    });
    expect(answer.status).toBe(201);
    const { data: quote } = (await answer.json()) as { data: { id: string; clientCompany: string | null } };
    expect(quote.clientCompany).toBe('Halles Lyon SAS');
    await client.quotes.send.mutate({ id: quote.id });
    await client.quotes.accept.mutate({ id: quote.id });
    const { data: converted } = await client.quotes.convertToInvoice.mutate({ id: quote.id });
    const invoice = await restInvoice(api, seller, converted.invoiceId as string);
    expect(invoice.clientCompany).toBe('Halles Lyon SAS');
  });

  it('may be null, and is refused empty or over 200 characters, nothing stored', async () => {
    expect((await create({ ...invoiceInput, clientCompany: null })).status).toBe(201);
    for (const clientCompany of ['', '   ', 'c'.repeat(201)]) {
      const before = await databaseFingerprint(api);
      await expectInvalidBody(await create({ ...invoiceInput, clientCompany }), 'clientCompany');
      expect(await databaseFingerprint(api)).toEqual(before);
    }
  });
});
