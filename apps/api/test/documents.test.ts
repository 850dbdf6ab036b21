import { createHash } from 'node:crypto';
import { comptoirErrorOf, createComptoirClient, downloadDocument } from '@comptoir/client';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFRawStream,
  PDFString,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { bearer, callApi, expectError, sellerWorkspace, type Workspace } from './support/index.ts';
import { type Client, clientOf, invoiceIn } from './support/invoice-states.ts';

// GET /invoices/{id}/pdf, /invoices/{id}/factur-x.xml, /quotes/{id}/pdf (rulings: "Documents"):
// the bytes, their headers, ETag/304, the stored document of an issued record. What the
// documents say is proved in packages/documents; auth, scopes and ids of every route in
// common-routes.test.ts.

let api: TestApi;
let home: Workspace;
let client: Client;

beforeAll(async () => {
  api = await startTestApi();
  home = await sellerWorkspace(api);
  client = clientOf(api, home);
});
afterAll(() => api.close());

const get = (path: string, headers: Record<string, string> = home.headers) =>
  api.request(`/api/v1${path}`, { headers });
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The files embedded in a PDF, read by pdf-lib (not our code): name, AFRelationship, bytes. */
async function attachments(pdf: Uint8Array) {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const tree = document.catalog
    .lookupMaybe(PDFName.of('Names'), PDFDict)
    ?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)
    ?.lookupMaybe(PDFName.of('Names'), PDFArray);
  const files: { name: string; relationship: string | undefined; bytes: Uint8Array }[] = [];
  for (let index = 0; tree && index < tree.size(); index += 2) {
    const spec = tree.lookup(index + 1, PDFDict);
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F')) as PDFRawStream;
    files.push({
      name: spec.lookup(PDFName.of('UF'), PDFString, PDFHexString).decodeText(),
      relationship: spec.get(PDFName.of('AFRelationship'))?.toString(),
      bytes: decodePDFRawStream(stream).decode(),
    });
  }
  return { files, catalogAF: document.catalog.get(PDFName.of('AF')) !== undefined };
}

/** A 200 download: its bytes after checking the headers every document carries. */
async function expectDocument(response: Response, contentType: string, filename: RegExp) {
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toBe(contentType);
  expect(response.headers.get('cache-control')).toBe('private');
  const disposition = /^inline; filename="([^"]+)"$/.exec(response.headers.get('content-disposition') ?? '');
  expect(disposition?.[1]).toMatch(filename);
  expect(response.headers.get('ratelimit-limit')).not.toBeNull();
  const bytes = await bytesOf(response);
  expect(response.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
  return bytes;
}

const pdfHeader = (bytes: Uint8Array) => new TextDecoder().decode(bytes.slice(0, 5));

describe('GET /invoices/{id}/pdf', () => {
  it('serves a SENT invoice as a Factur-X PDF: headers, the XML embedded with its AFRelationship', async () => {
    const invoice = await invoiceIn(client, 'SENT');
    const pdf = await expectDocument(
      await get(`/invoices/${invoice.id}/pdf`),
      'application/pdf',
      new RegExp(`^${invoice.number}\\.pdf$`),
    );
    expect(pdfHeader(pdf)).toBe('%PDF-');
    const { files, catalogAF } = await attachments(pdf);
    expect(files.map(({ name, relationship }) => ({ name, relationship }))).toEqual([
      { name: 'factur-x.xml', relationship: '/Alternative' },
    ]);
    expect(catalogAF).toBe(true);
  });

  it('answers the same bytes on every download, even after the workspace identity changes', async () => {
    const invoice = await invoiceIn(client, 'SENT');
    const first = await bytesOf(await get(`/invoices/${invoice.id}/pdf`));
    const second = await bytesOf(await get(`/invoices/${invoice.id}/pdf`));
    await client.workspace.update.mutate({ legalName: 'Renamed Since SAS' });
    const third = await bytesOf(await get(`/invoices/${invoice.id}/pdf`));
    expect(sha256(second)).toBe(sha256(first));
    expect(sha256(third)).toBe(sha256(first));
  });

  it('answers 304 with no body to an If-None-Match naming the ETag, 200 to another tag', async () => {
    const invoice = await invoiceIn(client, 'PAID');
    const first = await get(`/invoices/${invoice.id}/pdf`);
    const etag = first.headers.get('etag') ?? '';
    await first.arrayBuffer();
    for (const tag of [etag, `"other", ${etag}`, `W/${etag}`]) {
      const again = await get(`/invoices/${invoice.id}/pdf`, { ...home.headers, 'if-none-match': tag });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect((await bytesOf(again)).byteLength).toBe(0);
    }
    const other = await get(`/invoices/${invoice.id}/pdf`, { ...home.headers, 'if-none-match': '"other"' });
    expect(other.status).toBe(200);
    expect(sha256(await bytesOf(other))).toBe(etag.slice(1, -1));
  });

  it('serves a credit note as a Factur-X PDF', async () => {
    const creditNote = await invoiceIn(client, 'CREDIT_NOTE');
    const pdf = await expectDocument(
      await get(`/invoices/${creditNote.id}/pdf`),
      'application/pdf',
      new RegExp(`^${creditNote.number}\\.pdf$`),
    );
    expect((await attachments(pdf)).files.map((file) => file.name)).toEqual(['factur-x.xml']);
  });

  it('renders a DRAFT afresh, with no XML: a change to the draft changes its PDF', async () => {
    const draft = await invoiceIn(client, 'DRAFT');
    const before = await expectDocument(await get(`/invoices/${draft.id}/pdf`), 'application/pdf', /\.pdf$/);
    expect(pdfHeader(before)).toBe('%PDF-');
    expect((await attachments(before)).files).toEqual([]);
    await client.invoices.update.mutate({ id: draft.id, title: 'Another title entirely' });
    const after = await bytesOf(await get(`/invoices/${draft.id}/pdf`));
    expect(sha256(after)).not.toBe(sha256(before));
  });

  it('answers 404 not_found for another workspace’s invoice, and 403 to a key without read:invoices', async () => {
    const other = await sellerWorkspace(api);
    const theirs = await invoiceIn(clientOf(api, other), 'SENT');
    await expectError(
      await callApi(api, 'GET', `/invoices/${theirs.id}/pdf`, undefined, home.headers),
      404,
      'not_found',
    );
    const quotesOnly = bearer((await api.make.key(home.workspaceId, ['read:quotes'])).key);
    const mine = await invoiceIn(client, 'SENT');
    await expectError(
      await callApi(api, 'GET', `/invoices/${mine.id}/pdf`, undefined, quotesOnly),
      403,
      'insufficient_scope',
    );
  });
});

describe('GET /invoices/{id}/factur-x.xml', () => {
  it('serves the XML: the very bytes embedded as factur-x.xml in the PDF, stored too', async () => {
    const invoice = await invoiceIn(client, 'SENT');
    const xml = await expectDocument(
      await get(`/invoices/${invoice.id}/factur-x.xml`),
      'application/xml',
      new RegExp(`^${invoice.number}\\.xml$`),
    );
    expect(new TextDecoder().decode(xml)).toContain('CrossIndustryInvoice');
    const { files } = await attachments(await bytesOf(await get(`/invoices/${invoice.id}/pdf`)));
    expect(sha256(files[0]?.bytes ?? new Uint8Array())).toBe(sha256(xml));
    const again = await bytesOf(await get(`/invoices/${invoice.id}/factur-x.xml`));
    expect(sha256(again)).toBe(sha256(xml));
  });

  it('answers 409 invoice_not_issued for a DRAFT', async () => {
    const draft = await invoiceIn(client, 'DRAFT');
    await expectError(
      await callApi(api, 'GET', `/invoices/${draft.id}/factur-x.xml`, undefined, home.headers),
      409,
      'invoice_not_issued',
    );
  });
});

describe('GET /quotes/{id}/pdf', () => {
  const quoteInput = {
    clientName: 'Mairie de Sète',
    clientEmail: 'culture@sete.test',
    lines: [{ title: 'Menu dégustation', quantity: 12, unitPrice: 45, taxRate: 10 }],
  };

  it('renders a DRAFT quote afresh, then keeps the sent quote’s PDF byte for byte', async () => {
    const { data: quote } = await client.quotes.create.mutate(quoteInput);
    const draft = await expectDocument(await get(`/quotes/${quote.id}/pdf`), 'application/pdf', /\.pdf$/);
    expect((await attachments(draft)).files).toEqual([]);
    const { data: sent } = await client.quotes.send.mutate({ id: quote.id });
    const first = await expectDocument(
      await get(`/quotes/${quote.id}/pdf`),
      'application/pdf',
      new RegExp(`^${sent.number}\\.pdf$`),
    );
    await client.workspace.update.mutate({ legalName: 'Renamed Again SAS' });
    expect(sha256(await bytesOf(await get(`/quotes/${quote.id}/pdf`)))).toBe(sha256(first));
  });

  it('answers 403 to a key without read:quotes', async () => {
    const { data: quote } = await client.quotes.create.mutate(quoteInput);
    const invoicesOnly = bearer((await api.make.key(home.workspaceId, ['read:invoices'])).key);
    await expectError(
      await callApi(api, 'GET', `/quotes/${quote.id}/pdf`, undefined, invoicesOnly),
      403,
      'insufficient_scope',
    );
  });
});

describe('the typed client’s downloadDocument', () => {
  it('gets the same bytes, name and SHA-256 as REST, from options or from a client', async () => {
    const invoice = await invoiceIn(client, 'SENT');
    const rest = await bytesOf(await get(`/invoices/${invoice.id}/pdf`));
    const pdf = await downloadDocument(
      { url: api.baseUrl, apiKey: home.key },
      { kind: 'invoice', id: invoice.id, format: 'pdf' },
    );
    expect(pdf).toMatchObject({
      filename: `${invoice.number}.pdf`,
      contentType: 'application/pdf',
      sha256: sha256(rest),
    });
    expect(sha256(pdf.bytes)).toBe(sha256(rest));
    const typed = createComptoirClient({ url: api.baseUrl, apiKey: home.key });
    const xml = await downloadDocument(typed, { kind: 'invoice', id: invoice.id, format: 'xml' });
    expect(xml).toMatchObject({ filename: `${invoice.number}.xml`, contentType: 'application/xml' });
    const { data: quote } = await client.quotes.create.mutate({
      clientName: 'Quote client',
      clientEmail: 'quote@client.test',
      lines: [{ title: 'Line', quantity: 1, unitPrice: 10 }],
    });
    const quotePdf = await downloadDocument(typed, { kind: 'quote', id: quote.id, format: 'pdf' });
    expect(pdfHeader(quotePdf.bytes)).toBe('%PDF-');
  });

  it('throws the contract error: 409 invoice_not_issued for a draft’s XML', async () => {
    const draft = await invoiceIn(client, 'DRAFT');
    const error = await downloadDocument(client, { kind: 'invoice', id: draft.id, format: 'xml' }).then(
      () => undefined,
      (thrown: unknown) => comptoirErrorOf(thrown),
    );
    expect(error).toMatchObject({ httpStatus: 409, code: 'invoice_not_issued' });
  });
});
