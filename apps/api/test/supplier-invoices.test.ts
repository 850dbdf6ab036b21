import { createHash } from 'node:crypto';
import { downloadDocument } from '@comptoir/client';
import { receiveSupplierInvoice } from '@comptoir/core';
import { ublInvoice } from '@comptoir/core/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  callApi,
  callTrpc,
  eventsAbout,
  expectError,
  expectInvalidRequest,
  expectTrpcError,
  getOk,
  type ListBody,
  sellerWorkspace,
  type Workspace,
} from './support/index.ts';
import { clientOf, invoiceInput } from './support/invoice-states.ts';

// Supplier invoices over HTTP (issue 34; rulings: "E-invoicing"): invoices a supplier sent
// through the platform (received here through core, as the platform's ingestion calls it) read
// on GET /supplier-invoices and GET /supplier-invoices/{id}, their file on .../original, and their
// lifecycle through tRPC. Auth, scopes, ids and list bounds of every route: common-routes.test.ts.

let api: TestApi;
let home: Workspace;
/** Another workspace of ours, the supplier: its invoices are Factur-X written by our renderer. */
let supplier: Workspace;
let flows = 0;

beforeAll(async () => {
  api = await startTestApi();
  home = await sellerWorkspace(api);
  supplier = await sellerWorkspace(api);
});
afterAll(() => api.close());

interface SupplierInvoice {
  id: string;
  status: string;
  format: string | null;
  number: string | null;
  supplierName: string | null;
  supplierSiren: string | null;
  supplierCompanyId: string | null;
  totals: { total: number; paid: number; balance: number } | null;
  paidAmount: number;
  reason: string | null;
  validation: { valid: boolean; failedRules: { id: string; message: string }[] } | null;
  lines: { description: string; quantity: number; productId: string | null }[];
  original: { fileName: string; contentType: string; sha256: string; size: number };
}

async function receive(file: Uint8Array, fileName: string, contentType?: string): Promise<string> {
  const received = await receiveSupplierInvoice(api.db.orm.em.fork(), home.workspaceId, {
    flowId: `http-flow-${++flows}`,
    file,
    fileName,
    contentType,
  });
  return received.id;
}

const read = (id: string) =>
  getOk<{ data: SupplierInvoice }>(api, `/supplier-invoices/${id}`, home.headers).then((body) => body.data);
const mutate = <T = { data: SupplierInvoice }>(procedure: string, input: unknown) =>
  callTrpc<{ result: { data: T } }>(api, `supplierInvoices.${procedure}`, 'mutation', input, home.headers);
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

/** An invoice the supplier workspace issued: its Factur-X PDF and its CII, as our renderer wrote them. */
async function issuedBySupplier() {
  const client = clientOf(api, supplier);
  const { data: draft } = await client.invoices.create.mutate(invoiceInput);
  const { data: sent } = await client.invoices.send.mutate({ id: draft.id });
  const pdf = await bytesOf(
    await api.request(`/api/v1/invoices/${sent.id}/pdf`, { headers: supplier.headers }),
  );
  const xml = await bytesOf(
    await api.request(`/api/v1/invoices/${sent.id}/factur-x.xml`, { headers: supplier.headers }),
  );
  return { number: sent.number, pdf, xml };
}

describe('received invoices read on REST', () => {
  it('a Factur-X made by our renderer, its CII and a UBL become records with their amounts', async () => {
    const issued = await issuedBySupplier();
    const facturX = await read(await receive(issued.pdf, `${issued.number}.pdf`, 'application/pdf'));
    const cii = await read(await receive(issued.xml, `${issued.number}.xml`, 'application/xml'));
    const ubl = await read(await receive(ublInvoice({ number: 'UBL-1', payable: '125.00' }), 'ubl-1.xml'));
    for (const [record, format] of [
      [facturX, 'factur-x'],
      [cii, 'cii'],
    ] as const) {
      expect(record).toMatchObject({
        status: 'received',
        format,
        number: issued.number,
        supplierName: 'Comptoir Test SAS',
        supplierSiren: '732829320',
        totals: { total: 120, paid: 0, balance: 120 },
        validation: { valid: true, failedRules: [] },
      });
      expect(record.lines).toMatchObject([{ description: 'Conseil', quantity: 2, productId: null }]);
    }
    // one supplier company for both: matched by SIREN the second time
    expect(cii.supplierCompanyId).toBe(facturX.supplierCompanyId);
    expect(ubl).toMatchObject({ status: 'received', format: 'ubl', number: 'UBL-1', totals: { total: 125 } });
    const list = await getOk<ListBody<SupplierInvoice>>(api, '/supplier-invoices?limit=100', home.headers);
    expect(list.data.slice(0, 3).map((item) => item.id)).toEqual([ubl.id, cii.id, facturX.id]);
    expect(list.data[0]).not.toHaveProperty('lines');
  });

  it('filters by status and searches supplier, number and SIREN; an unknown status is 400', async () => {
    const id = await receive(
      ublInvoice({
        number: 'QX-77',
        seller: { name: 'Épicerie Générale', siren: '443061841', vatNumber: null },
      }),
      'qx.xml',
    );
    for (const q of ['epicerie generale', 'qx-77', '443061841']) {
      const found = await getOk<ListBody<SupplierInvoice>>(
        api,
        `/supplier-invoices?q=${encodeURIComponent(q)}`,
        home.headers,
      );
      expect(found.data.map((item) => item.id)).toEqual([id]);
      expect(found.pagination.total).toBe(1);
    }
    const received = await getOk<ListBody<SupplierInvoice>>(
      api,
      '/supplier-invoices?status=received',
      home.headers,
    );
    expect(received.data.every((item) => item.status === 'received')).toBe(true);
    await expectInvalidRequest(
      await callApi(api, 'GET', '/supplier-invoices?status=lost', undefined, home.headers),
      'status',
    );
  });

  it('an unreadable file is a record with its reason, and the original downloads byte for byte with its ETag', async () => {
    const file = new TextEncoder().encode('%PDF-1.4 not really a PDF');
    const record = await read(await receive(file, 'scan.pdf', 'application/pdf'));
    expect(record).toMatchObject({
      status: 'unreadable',
      format: null,
      totals: null,
      reason: expect.any(String),
    });
    const sha256 = createHash('sha256').update(file).digest('hex');
    expect(record.original).toEqual({
      fileName: 'scan.pdf',
      contentType: 'application/pdf',
      sha256,
      size: file.length,
    });
    const response = await api.request(`/api/v1/supplier-invoices/${record.id}/original`, {
      headers: home.headers,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('etag')).toBe(`"${sha256}"`);
    expect(Buffer.from(await bytesOf(response)).equals(Buffer.from(file))).toBe(true);
    const again = await api.request(`/api/v1/supplier-invoices/${record.id}/original`, {
      headers: { ...home.headers, 'if-none-match': `"${sha256}"` },
    });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it('a Factur-X original downloads as the PDF it was', async () => {
    const issued = await issuedBySupplier();
    const id = await receive(issued.pdf, `${issued.number}.pdf`);
    const response = await api.request(`/api/v1/supplier-invoices/${id}/original`, { headers: home.headers });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await bytesOf(response)).equals(Buffer.from(issued.pdf))).toBe(true);
    // and through the typed client, its SHA-256 checked
    const download = await downloadDocument(clientOf(api, home), {
      kind: 'supplierInvoice',
      id,
      format: 'original',
    });
    expect(download.contentType).toBe('application/pdf');
    expect(Buffer.from(download.bytes).equals(Buffer.from(issued.pdf))).toBe(true);
  });
});

describe('the lifecycle, over tRPC', () => {
  it('approve, then refusing is 409; pay partially, then fully: paid, with its events', async () => {
    const id = await receive(ublInvoice({ number: 'L-1', payable: '125.00' }), 'l-1.xml');
    const approved = await mutate('approve', { id });
    expect(approved.body.result.data.data.status).toBe('approved');
    await expectTrpcError(await mutate('refuse', { id, reason: 'Trop tard' }), 409, 'invalid_transition');
    await expectTrpcError(await mutate('approve', { id }), 409, 'invalid_transition');
    await expectTrpcError(
      await mutate('recordPayment', { id, amount: 125.01, method: 'transfer' }),
      422,
      'payment_exceeds_balance',
    );
    const partial = await mutate('recordPayment', { id, amount: 25, method: 'transfer' });
    expect(partial.body.result.data.data).toMatchObject({
      status: 'approved',
      paidAmount: 25,
      totals: { balance: 100 },
    });
    const paid = await mutate('recordPayment', {
      id,
      amount: 100,
      method: 'card',
      paidAt: '2026-12-01T10:00:00Z',
    });
    expect(paid.body.result.data.data).toMatchObject({
      status: 'paid',
      paidAmount: 125,
      totals: { balance: 0 },
    });
    expect((await eventsAbout(api, id)).map((event) => event.type)).toEqual([
      'supplier_invoice.received',
      'supplier_invoice.approved',
      'supplier_invoice.payment_recorded',
      'supplier_invoice.payment_recorded',
      'supplier_invoice.paid',
    ]);
    await expectTrpcError(
      await mutate('recordPayment', { id, amount: 1, method: 'cash' }),
      409,
      'invalid_transition',
    );
  });

  it('refuse takes a reason, owes the platform a Refusée 210; approving it then is 409', async () => {
    const id = await receive(ublInvoice({ number: 'L-2' }), 'l-2.xml');
    const missing = await mutate('refuse', { id });
    await expectTrpcError(missing, 400, 'invalid_body');
    const refused = await mutate('refuse', { id, reason: 'Marchandise non livrée' });
    expect(refused.body.result.data.data).toMatchObject({
      status: 'refused',
      reason: 'Marchandise non livrée',
      totals: { balance: 0 },
    });
    await expectTrpcError(await mutate('approve', { id }), 409, 'invalid_transition');
    const owed = await api.db.orm.em
      .fork()
      .execute<{ status: string; reason: string }[]>(
        'select status, reason from einvoice_status_outbox where subject_id = ?',
        [id],
      );
    expect(owed).toEqual([{ status: 'refused', reason: 'Marchandise non livrée' }]);
  });

  it('receiveStock applies the lines naming products once; a second call answers the same', async () => {
    const product = await api.make.product(home.workspaceId, {
      reference: 'HTTP-REF-1',
      trackStock: true,
      stockQuantity: 1,
    });
    const id = await receive(
      ublInvoice({
        number: 'ST-1',
        lines: [
          { name: 'Stocked', quantity: '4', price: '2.50', net: '10.00', sellerItemId: 'HTTP-REF-1' },
          { name: 'Service', quantity: '1', price: '5.00', net: '5.00' },
        ],
      }),
      'st-1.xml',
    );
    const first = await mutate<{
      data: { applied: { line: number; productId: string; before: number; after: number }[] };
    }>('receiveStock', { id });
    expect(first.status).toBe(200);
    expect(first.body.result.data.data.applied).toMatchObject([
      { line: 0, productId: product.id, before: 1, after: 5 },
    ]);
    const second = await mutate('receiveStock', { id });
    expect(second.body).toEqual(first.body);
    const stocked = await getOk<{ data: { stockQuantity: number; costPrice: number } }>(
      api,
      `/products/${product.id}`,
      home.headers,
    );
    // the weighted average cost: 1 unit at 0 and 4 at 2.50
    expect(stocked.data).toMatchObject({ stockQuantity: 5, costPrice: 2 });
  });

  it('another workspace’s supplier invoice is 404 on every route', async () => {
    const id = await receive(ublInvoice({ number: 'W-1' }), 'w-1.xml');
    for (const path of [`/supplier-invoices/${id}`, `/supplier-invoices/${id}/original`]) {
      await expectError(await callApi(api, 'GET', path, undefined, supplier.headers), 404, 'not_found');
    }
  });
});
