import { ruleSetValidator } from '@comptoir/local-platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  callApi,
  callTrpc,
  databaseFingerprint,
  eventsAbout,
  expectInvalidBody,
  expectTrpcError,
  freshWorkspace,
  type ListBody,
  sellerWorkspace,
  type Workspace,
} from './support/index.ts';
import { type Client, clientOf, invoiceInput, restInvoice } from './support/invoice-states.ts';

// Issue 34: what an approved platform's checks need of an invoice. The delivery or service date
// (EN 16931 BT-72) and the VAT exemption (a VATEX code: BT-121, its mention BT-120, the lines'
// category), taken on create and invoices.update, read on lists and gets, carried by the events
// and the credit note; the refusals; invoices.send's 422 for an intra-community supply with no
// delivery date; and the e-invoice of each shape, checked with the official rule sets (CEN
// EN 16931, Factur-X 1.07.3, BR-FR) as the local platform runs them.

let api: TestApi;
let seller: Workspace;
let client: Client;

beforeAll(async () => {
  api = await startTestApi();
  seller = await sellerWorkspace(api);
  client = clientOf(api, seller);
});
afterAll(() => api.close());

const exemptLine = { title: 'Cours de piano', quantity: 2, unitPrice: 40, taxRate: 0 };
const exempt = { ...invoiceInput, lines: [exemptLine] };
/** A company in Germany with its VAT number, buying goods. */
const germanBuyer = {
  clientCompany: 'Vogel GmbH',
  clientCountryCode: 'DE',
  clientVatNumber: 'DE123456789',
  operationCategory: 'goods',
} as const;

const create = (json: unknown) =>
  callApi<{ data: { id: string } }>(api, 'POST', '/invoices', json, seller.headers);

/** The issued invoice's Factur-X XML, from the endpoint. */
async function facturX(workspace: Workspace, id: string): Promise<string> {
  const response = await api.request(`/api/v1/invoices/${id}/factur-x.xml`, { headers: workspace.headers });
  expect(response.status).toBe(200);
  return response.text();
}

/** No rule of the three official rule sets broken, as the local platform checks a deposit. */
async function expectValidEInvoice(xml: string): Promise<void> {
  const result = await ruleSetValidator(new TextEncoder().encode(xml), 'CII');
  expect(result.failedRules).toEqual([]);
}

const headerTax = (xml: string) =>
  /<ram:ApplicableHeaderTradeSettlement>[\s\S]*<\/ram:ApplicableHeaderTradeSettlement>/
    .exec(xml)?.[0]
    .match(/<ram:ApplicableTradeTax>[\s\S]*?<\/ram:ApplicableTradeTax>/g) ?? [];
const lineCategories = (xml: string) =>
  [
    ...xml.matchAll(
      /<ram:SpecifiedLineTradeSettlement>\s*<ram:ApplicableTradeTax>[\s\S]*?<ram:CategoryCode>(\w+)</g,
    ),
  ].map((match) => match[1]);
const deliveryDateOf = (xml: string) =>
  /<ram:ActualDeliverySupplyChainEvent>\s*<ram:OccurrenceDateTime>\s*<udt:DateTimeString format="102">(\d{8})</.exec(
    xml,
  )?.[1] ?? null;

describe('deliveryDate and vatExemption on create and reads', () => {
  it('are null unless given', async () => {
    const { data } = await client.invoices.create.mutate(invoiceInput);
    expect(data).toMatchObject({ deliveryDate: null, vatExemption: null });
  });

  it('are taken by POST /invoices, read by REST and tRPC gets and lists, and carried by invoice.created', async () => {
    const answer = await create({
      ...exempt,
      deliveryDate: '2026-11-20',
      vatExemption: 'VATEX-FR-FRANCHISE',
    });
    expect(answer.status).toBe(201);
    const { id } = answer.body.data;
    const fields = { deliveryDate: '2026-11-20', vatExemption: 'VATEX-FR-FRANCHISE' };
    expect(answer.body.data).toMatchObject(fields);
    expect(await restInvoice(api, seller, id)).toMatchObject(fields);
    expect((await client.invoices.get.query({ id })).data).toMatchObject(fields);
    const list = await callApi<ListBody<{ id: string }>>(
      api,
      'GET',
      '/invoices?limit=100',
      undefined,
      seller.headers,
    );
    expect(list.body.data.find((invoice) => invoice.id === id)).toMatchObject(fields);
    const { data: page } = await client.invoices.list.query({ limit: 100 });
    expect(page.find((invoice) => invoice.id === id)).toMatchObject(fields);
    expect((await eventsAbout(api, id))[0]?.data).toMatchObject(fields);
  });

  it.each([
    ['deliveryDate', '2026-02-30'],
    ['deliveryDate', '2026-11-20T00:00:00Z'],
    ['deliveryDate', '20/11/2026'],
    ['deliveryDate', '1999-12-31'],
    ['deliveryDate', '2100-01-01'],
    ['deliveryDate', 20261120],
    ['vatExemption', 'VATEX-EU-79-C'],
    ['vatExemption', 'vatex-fr-franchise'],
    ['vatExemption', ''],
  ])('refuses %s %j with 400 invalid_body naming it, nothing stored', async (field, value) => {
    const before = await databaseFingerprint(api);
    await expectInvalidBody(await create({ ...exempt, [field]: value }), field);
    expect(await databaseFingerprint(api)).toEqual(before);
  });

  it('refuses an exemption with a line at a rate above 0 % (400 naming vatExemption), nothing stored', async () => {
    const before = await databaseFingerprint(api);
    const lines = [exemptLine, { ...exemptLine, taxRate: 5.5 }];
    const error = await expectInvalidBody(
      await create({ ...invoiceInput, lines, vatExemption: 'VATEX-FR-CGI261-4' }),
      'vatExemption',
    );
    expect(error.details?.[0]?.message).toContain('line 2 is at 5.5 %');
    expect(await databaseFingerprint(api)).toEqual(before);
  });

  it('leaves both null on an invoice converted from a quote, which has neither', async () => {
    const { data: quote } = await client.quotes.create.mutate(exempt);
    await client.quotes.send.mutate({ id: quote.id });
    await client.quotes.accept.mutate({ id: quote.id });
    const { data: converted } = await client.quotes.convertToInvoice.mutate({ id: quote.id });
    expect(await restInvoice(api, seller, converted.invoiceId as string)).toMatchObject({
      deliveryDate: null,
      vatExemption: null,
    });
  });
});

describe('invoices.update', () => {
  it('sets and clears both, recorded in invoice.updated', async () => {
    const { data: draft } = await client.invoices.create.mutate(exempt);
    const { data: set } = await client.invoices.update.mutate({
      id: draft.id,
      deliveryDate: '2026-11-18',
      vatExemption: 'VATEX-EU-G',
    });
    expect(set).toMatchObject({ deliveryDate: '2026-11-18', vatExemption: 'VATEX-EU-G' });
    const { data: cleared } = await client.invoices.update.mutate({ id: draft.id, deliveryDate: null });
    expect(cleared).toMatchObject({ deliveryDate: null, vatExemption: 'VATEX-EU-G' });
    const events = await eventsAbout(api, draft.id);
    expect(events.map((event) => event.type)).toEqual([
      'invoice.created',
      'invoice.updated',
      'invoice.updated',
    ]);
    expect(events[1]?.data).toMatchObject({ deliveryDate: '2026-11-18', vatExemption: 'VATEX-EU-G' });
    expect(events[2]?.data).toMatchObject({ deliveryDate: null });
  });

  async function expectRefused(input: Record<string, unknown>, path: string) {
    const before = await databaseFingerprint(api);
    const error = await expectTrpcError(
      await callTrpc(api, 'invoices.update', 'mutation', input, seller.headers),
      400,
      'invalid_body',
    );
    expect(error.details?.map((detail) => detail.path)).toEqual([path]);
    expect(await databaseFingerprint(api)).toEqual(before);
  }

  it('refuses what cannot go together, naming the field given, and writes nothing', async () => {
    const { data: taxed } = await client.invoices.create.mutate(invoiceInput);
    // An exemption on an invoice whose stored line is at 20 %.
    await expectRefused({ id: taxed.id, vatExemption: 'VATEX-FR-FRANCHISE' }, 'vatExemption');
    const { data: exempted } = await client.invoices.create.mutate({ ...exempt, vatExemption: 'VATEX-EU-O' });
    // A line at 20 % on an exempt invoice.
    await expectRefused({ id: exempted.id, lines: [{ ...exemptLine, taxRate: 20 }] }, 'lines.0.taxRate');
    // Reverse charge on an exempt invoice, or both in one update.
    await expectRefused({ id: exempted.id, reverseCharge: true }, 'reverseCharge');
    await expectRefused(
      { id: exempted.id, reverseCharge: true, vatExemption: 'VATEX-EU-IC' },
      'vatExemption',
    );
    // Clearing the exemption lets the lines be taxed again.
    const { data: taxedAgain } = await client.invoices.update.mutate({
      id: exempted.id,
      vatExemption: null,
      lines: [{ ...exemptLine, taxRate: 20 }],
    });
    expect(taxedAgain).toMatchObject({ vatExemption: null, totals: { total: 96 } });
  });
});

describe('invoices.send and the e-invoice', () => {
  it('an exempt invoice: every line in E, BT-120 and BT-121 in the breakdown; copied by its credit note', async () => {
    const { data: draft } = await client.invoices.create.mutate({
      ...exempt,
      clientCompany: 'Conservatoire SAS',
      clientSiren: '552081317',
      vatExemption: 'VATEX-FR-FRANCHISE',
    });
    await client.invoices.send.mutate({ id: draft.id });
    const xml = await facturX(seller, draft.id);
    expect(lineCategories(xml)).toEqual(['E']);
    const [breakdown = ''] = headerTax(xml);
    expect(breakdown).toContain('<ram:CategoryCode>E</ram:CategoryCode>');
    expect(breakdown).toContain('<ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>');
    expect(breakdown).toContain(
      '<ram:ExemptionReason>TVA non applicable, art. 293 B du CGI</ram:ExemptionReason>',
    );
    await expectValidEInvoice(xml);

    const { data: cancelled } = await client.invoices.cancel.mutate({ id: draft.id });
    const creditNoteId = cancelled.creditNoteId as string;
    expect(await restInvoice(api, seller, creditNoteId)).toMatchObject({
      vatExemption: 'VATEX-FR-FRANCHISE',
    });
    const creditXml = await facturX(seller, creditNoteId);
    expect(lineCategories(creditXml)).toEqual(['E']);
    await expectValidEInvoice(creditXml);
  });

  it('a delivery date other than the issue date is BT-72; the same day is not written', async () => {
    const { data: draft } = await client.invoices.create.mutate({
      ...invoiceInput,
      deliveryDate: '2026-01-15',
    });
    await client.invoices.send.mutate({ id: draft.id });
    const xml = await facturX(seller, draft.id);
    expect(deliveryDateOf(xml)).toBe('20260115');
    await expectValidEInvoice(xml);
    expect((await client.invoices.get.query({ id: draft.id })).data.deliveryDate).toBe('2026-01-15');

    const { data: sameDay } = await client.invoices.create.mutate(invoiceInput);
    const { data: sent } = await client.invoices.send.mutate({ id: sameDay.id });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
      new Date(sent.issuedAt as string),
    );
    // Set on a new draft issued now: today in Paris, the issue date.
    const { data: todayDraft } = await client.invoices.create.mutate({
      ...invoiceInput,
      deliveryDate: today,
    });
    await client.invoices.send.mutate({ id: todayDraft.id });
    expect(deliveryDateOf(await facturX(seller, todayDraft.id))).toBeNull();
  });

  it('goods under reverse charge to another EU state: an intra-community supply (K), which needs its delivery date', async () => {
    const { data: draft } = await client.invoices.create.mutate({ ...invoiceInput, ...germanBuyer });
    await client.invoices.update.mutate({ id: draft.id, reverseCharge: true });
    const before = await databaseFingerprint(api);
    const error = await expectTrpcError(
      await callTrpc(api, 'invoices.send', 'mutation', { id: draft.id }, seller.headers),
      422,
      'invoice_incomplete',
    );
    expect(error.details?.map((detail) => detail.path)).toEqual(['deliveryDate']);
    expect(await databaseFingerprint(api)).toEqual(before);

    await client.invoices.update.mutate({ id: draft.id, deliveryDate: '2026-01-15' });
    expect((await client.invoices.send.mutate({ id: draft.id })).data.status).toBe('SENT');
    const xml = await facturX(seller, draft.id);
    expect(lineCategories(xml)).toEqual(['K']);
    expect(headerTax(xml)[0]).toContain('<ram:ExemptionReasonCode>VATEX-EU-IC</ram:ExemptionReasonCode>');
    expect(deliveryDateOf(xml)).toBe('20260115');
    await expectValidEInvoice(xml);
  });

  it('reverse charge on services to another EU state stays AE, with no delivery date needed', async () => {
    const { data: draft } = await client.invoices.create.mutate({
      ...invoiceInput,
      ...germanBuyer,
      operationCategory: 'services',
    });
    await client.invoices.update.mutate({ id: draft.id, reverseCharge: true });
    await client.invoices.send.mutate({ id: draft.id });
    const xml = await facturX(seller, draft.id);
    expect(lineCategories(xml)).toEqual(['AE']);
    await expectValidEInvoice(xml);
  });

  it('VATEX-EU-IC needs a buyer in another EU state with its VAT number, and the delivery date', async () => {
    const { data: draft } = await client.invoices.create.mutate({ ...exempt, vatExemption: 'VATEX-EU-IC' });
    const error = await expectTrpcError(
      await callTrpc(api, 'invoices.send', 'mutation', { id: draft.id }, seller.headers),
      422,
      'invoice_incomplete',
    );
    expect(error.details?.map((detail) => detail.path)).toEqual([
      'clientVatNumber',
      'clientCountryCode',
      'deliveryDate',
    ]);
    await client.invoices.update.mutate({ id: draft.id, ...germanBuyer, deliveryDate: '2026-01-12' });
    await client.invoices.send.mutate({ id: draft.id });
    const xml = await facturX(seller, draft.id);
    expect(lineCategories(xml)).toEqual(['K']);
    await expectValidEInvoice(xml);
  });

  it('an export (G) and an operation not subject to VAT (O, no VAT number in the XML) pass the rule sets', async () => {
    const abroad = {
      clientCompany: 'Carter Imports Inc.',
      clientCountryCode: 'US',
      operationCategory: 'goods',
    } as const;
    const { data: exported } = await client.invoices.create.mutate({
      ...exempt,
      ...abroad,
      vatExemption: 'VATEX-EU-G',
    });
    await client.invoices.send.mutate({ id: exported.id });
    const exportXml = await facturX(seller, exported.id);
    expect(lineCategories(exportXml)).toEqual(['G']);
    await expectValidEInvoice(exportXml);

    const { data: outside } = await client.invoices.create.mutate({
      ...exempt,
      ...abroad,
      vatExemption: 'VATEX-EU-O',
    });
    await client.invoices.send.mutate({ id: outside.id });
    const outsideXml = await facturX(seller, outside.id);
    expect(lineCategories(outsideXml)).toEqual(['O']);
    expect(outsideXml).not.toContain('SpecifiedTaxRegistration');
    await expectValidEInvoice(outsideXml);
  });

  it('an exempt invoice names the seller’s VAT number (BR-E-02); one not subject to VAT does not', async () => {
    const noVat = await freshWorkspace(api);
    const noVatClient = clientOf(api, noVat);
    await noVatClient.workspace.update.mutate({
      legalName: 'Micro Martin EI',
      siren: '732829320',
      address: { lines: ['1 rue du Test'], postalCode: '75001', city: 'Paris', countryCode: 'FR' },
    });
    const { data: franchise } = await noVatClient.invoices.create.mutate({
      ...exempt,
      vatExemption: 'VATEX-FR-FRANCHISE',
    });
    const error = await expectTrpcError(
      await callTrpc(api, 'invoices.send', 'mutation', { id: franchise.id }, noVat.headers),
      422,
      'invoice_incomplete',
    );
    expect(error.details?.map((detail) => detail.path)).toEqual(['workspace.vatNumber']);
    const { data: outside } = await noVatClient.invoices.create.mutate({
      ...exempt,
      vatExemption: 'VATEX-EU-O',
    });
    expect((await noVatClient.invoices.send.mutate({ id: outside.id })).data.status).toBe('SENT');
    await expectValidEInvoice(await facturX(noVat, outside.id));
  });
});
