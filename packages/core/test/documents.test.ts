import { createHash } from 'node:crypto';
import type { DocumentModel } from '@comptoir/documents';
import { createTestDatabase, type TestDatabase } from '@comptoir/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelInvoice,
  createInvoice,
  createQuote,
  type DocumentFormat,
  getInvoiceDocument,
  getQuoteDocument,
  isAppError,
  sendInvoice,
  sendQuote,
  updateInvoice,
  updateWorkspace,
} from '../src/index.ts';
import { factories } from './factories.ts';

// The documents' record: what is kept, when, and what every later download returns. The real
// renderers (CII XML, Factur-X PDF) are tested against independent validators in
// packages/documents; here a test double stands in for them: bytes derived from the model and
// the format, plus a count of its calls, so a test sees what was rendered and how often.

let db: TestDatabase;
let workspaceId: string;

interface Rendered {
  format: DocumentFormat;
  model: DocumentModel;
  /** Differs on every call: two renders of one model never give the same bytes. */
  call: number;
}

let calls = 0;
const render = async (model: DocumentModel, format: DocumentFormat): Promise<Uint8Array> => {
  calls += 1;
  return new TextEncoder().encode(JSON.stringify({ format, model, call: calls } satisfies Rendered));
};
const rendered = (content: Uint8Array): Rendered => JSON.parse(new TextDecoder().decode(content));
const sha256 = (content: Uint8Array) => createHash('sha256').update(content).digest('hex');

const em = () => db.orm.em.fork();
const line = { title: 'Conseil', quantity: 2, unitPrice: 50, taxRate: 20 };

async function draftInvoice() {
  return createInvoice(em(), workspaceId, {
    clientName: 'Café du Port',
    clientEmail: 'c@port.test',
    lines: [line],
  });
}
async function sentInvoice() {
  const draft = await draftInvoice();
  return sendInvoice(em(), workspaceId, draft.id);
}
const storedRows = async (sourceId: string) =>
  em().execute<{ format: string; sha256: string; filename: string }[]>(
    'select format, sha256, filename from documents where source_id = ?',
    [sourceId],
  );

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  db = await createTestDatabase();
  const make = factories(db.orm);
  workspaceId = (await make.workspace()).id;
  await make.seller(workspaceId);
});
afterAll(() => db.drop());

describe('an issued invoice’s document', () => {
  it('is rendered once, kept with its SHA-256, and returned byte for byte after', async () => {
    const invoice = await sentInvoice();
    const before = calls;
    const first = await getInvoiceDocument(em(), workspaceId, invoice.id, 'pdf', render);
    const again = await getInvoiceDocument(em(), workspaceId, invoice.id, 'pdf', render);
    expect(calls - before).toBe(1);
    expect(Buffer.from(again.content).equals(Buffer.from(first.content))).toBe(true);
    expect(first).toMatchObject({
      sha256: sha256(first.content),
      contentType: 'application/pdf',
      filename: `${invoice.number}.pdf`,
    });
    expect(again.sha256).toBe(first.sha256);
    expect(await storedRows(invoice.id)).toEqual([
      { format: 'pdf', sha256: first.sha256, filename: `${invoice.number}.pdf` },
    ]);
  });

  it('models the invoice: not a draft, its number, seller, buyer, lines and totals', async () => {
    const invoice = await sentInvoice();
    const { model, format } = rendered(
      (await getInvoiceDocument(em(), workspaceId, invoice.id, 'xml', render)).content,
    );
    expect(format).toBe('xml');
    expect(model).toMatchObject({
      kind: 'invoice',
      draft: false,
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      seller: { legalName: 'Comptoir Test SAS', siren: '732829320', vatNumber: 'FR44732829320' },
      buyer: { name: 'Café du Port', address: { countryCode: 'FR' }, siren: null },
      operationCategory: 'services',
      lines: [
        { position: 0, description: 'Conseil', quantity: 2, unitPrice: 50, taxRate: 20, netAmount: 100 },
      ],
      totals: {
        subtotal: 100,
        taxes: [{ rate: 20, base: 100, amount: 20 }],
        taxTotal: 20,
        total: 120,
        balance: 120,
      },
      credited: null,
      quote: null,
    });
  });

  it('keeps the pdf and the xml apart, each with its own file name', async () => {
    const invoice = await sentInvoice();
    const xml = await getInvoiceDocument(em(), workspaceId, invoice.id, 'xml', render);
    const pdf = await getInvoiceDocument(em(), workspaceId, invoice.id, 'pdf', render);
    expect(xml).toMatchObject({ contentType: 'application/xml', filename: `${invoice.number}.xml` });
    expect(xml.sha256).not.toBe(pdf.sha256);
    expect((await storedRows(invoice.id)).map((row) => row.format).sort()).toEqual(['pdf', 'xml']);
  });

  it('stays the same bytes after the workspace’s identity changes and the invoice is cancelled', async () => {
    const invoice = await sentInvoice();
    const first = await getInvoiceDocument(em(), workspaceId, invoice.id, 'pdf', render);
    await updateWorkspace(em(), workspaceId, { legalName: 'Renamed SAS' });
    await cancelInvoice(em(), workspaceId, invoice.id);
    const later = await getInvoiceDocument(em(), workspaceId, invoice.id, 'pdf', render);
    expect(later.sha256).toBe(first.sha256);
    expect(rendered(later.content).model.seller.legalName).toBe('Comptoir Test SAS');
    await updateWorkspace(em(), workspaceId, { legalName: 'Comptoir Test SAS' });
  });

  it('keeps ONE document when 10 first downloads race, and all 10 get its bytes', async () => {
    const invoice = await sentInvoice();
    const downloads = await Promise.all(
      Array.from({ length: 10 }, () => getInvoiceDocument(em(), workspaceId, invoice.id, 'pdf', render)),
    );
    const rows = await storedRows(invoice.id);
    expect(rows).toHaveLength(1);
    for (const download of downloads) {
      expect(download.sha256).toBe(rows[0]?.sha256);
      expect(sha256(download.content)).toBe(rows[0]?.sha256);
    }
  });

  it('of a credit note names the credited invoice’s number and issue date (kind credit_note)', async () => {
    const invoice = await sentInvoice();
    const cancelled = await cancelInvoice(em(), workspaceId, invoice.id);
    if (!cancelled.creditNoteId) throw new Error('no credit note');
    const document = await getInvoiceDocument(em(), workspaceId, cancelled.creditNoteId, 'pdf', render);
    expect(document.filename).toMatch(/^AV-\d{4}-\d{5}\.pdf$/);
    expect(rendered(document.content).model).toMatchObject({
      kind: 'credit_note',
      draft: false,
      credited: { number: invoice.number, issuedAt: invoice.issuedAt },
    });
  });
});

describe('a DRAFT invoice’s document', () => {
  it('is a pdf rendered fresh each time, marked draft, showing the latest changes, never kept', async () => {
    const draft = await draftInvoice();
    const first = await getInvoiceDocument(em(), workspaceId, draft.id, 'pdf', render);
    await updateInvoice(em(), workspaceId, draft.id, { title: 'Audit' });
    const second = await getInvoiceDocument(em(), workspaceId, draft.id, 'pdf', render);
    expect(rendered(first.content).model).toMatchObject({ draft: true, issuedAt: null, title: 'Conseil' });
    expect(rendered(second.content).model).toMatchObject({ draft: true, title: 'Audit' });
    expect(second.sha256).toBe(sha256(second.content));
    expect(second.sha256).not.toBe(first.sha256);
    expect(await storedRows(draft.id)).toEqual([]);
  });

  it('has no xml: 409 invoice_not_issued, nothing rendered or kept', async () => {
    const draft = await draftInvoice();
    const before = calls;
    const error = await refusal(getInvoiceDocument(em(), workspaceId, draft.id, 'xml', render));
    expect(error.code).toBe('invoice_not_issued');
    expect(calls).toBe(before);
    expect(await storedRows(draft.id)).toEqual([]);
  });
});

describe('a document of another workspace’s record', () => {
  it('is not found (404 not_found), nothing rendered', async () => {
    const invoice = await sentInvoice();
    const other = await factories(db.orm).workspace();
    const before = calls;
    expect((await refusal(getInvoiceDocument(em(), other.id, invoice.id, 'pdf', render))).code).toBe(
      'not_found',
    );
    expect((await refusal(getQuoteDocument(em(), other.id, 'quo_unknown', render))).code).toBe('not_found');
    expect(calls).toBe(before);
  });
});

describe('a quote’s document', () => {
  it('is rendered fresh while unsent, then kept once sent (its number in the file name)', async () => {
    const quote = await createQuote(em(), workspaceId, {
      clientName: 'Hôtel du Parc',
      clientEmail: 'h@parc.test',
      lines: [line],
    });
    const unsent = await getQuoteDocument(em(), workspaceId, quote.id, render);
    expect(rendered(unsent.content).model).toMatchObject({ kind: 'quote', draft: true, number: null });
    expect(unsent.filename).toBe(`${quote.id}.pdf`);
    expect(await storedRows(quote.id)).toEqual([]);

    const sent = await sendQuote(em(), workspaceId, quote.id);
    const first = await getQuoteDocument(em(), workspaceId, quote.id, render);
    const again = await getQuoteDocument(em(), workspaceId, quote.id, render);
    expect(again.sha256).toBe(first.sha256);
    expect(first.filename).toBe(`${sent.number}.pdf`);
    expect(rendered(first.content).model).toMatchObject({
      kind: 'quote',
      draft: false,
      number: sent.number,
      quote: { validityDays: 30 },
    });
    expect(await storedRows(quote.id)).toHaveLength(1);
  });
});
