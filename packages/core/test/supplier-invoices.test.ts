import { createTestDatabase, type TestDatabase } from '@comptoir/testing';
import { fc } from '@fast-check/vitest';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveSupplierInvoice,
  createCompany,
  getSupplierInvoice,
  getSupplierInvoiceOriginal,
  isAppError,
  listSupplierInvoices,
  receiveSupplierInvoice,
  receiveSupplierInvoiceStock,
  recordSupplierInvoicePayment,
  refuseSupplierInvoice,
} from '../src/index.ts';
import { factories } from './factories.ts';
import { ublInvoice } from './supplier-invoice-files.ts';

// Supplier invoices (issue 34; rulings: "E-invoicing"): a flow is received once, whatever the
// number of deliveries; a file that cannot be read is kept with why; the lifecycle refuses what
// the rulings refuse, whatever the order of the operations tried.

let db: TestDatabase;
let workspaceId: string;
let flows = 0;
const em = () => db.orm.em.fork();
const nextFlow = () => `flow-${++flows}`;
const count = async (table: string) =>
  Number(
    (
      await em().execute<{ n: string }[]>(`select count(*) as n from ${table} where workspace_id = ?`, [
        workspaceId,
      ])
    )[0]?.n,
  );

beforeAll(async () => {
  db = await createTestDatabase();
  workspaceId = (await factories(db.orm).workspace()).id;
}, 120_000);
afterAll(() => db.drop());

const receive = (file: Uint8Array, flowId = nextFlow()) =>
  receiveSupplierInvoice(em(), workspaceId, {
    flowId,
    file,
    fileName: `${flowId}.xml`,
    contentType: 'application/xml',
  });

describe('receiving a flow', () => {
  it('reads, validates and records it: supplier, amounts, lines, the file byte for byte, one event', async () => {
    const file = ublInvoice({ number: 'F-100', payable: '125.00' });
    const eventsBefore = await count('events');
    const received = await receive(file);
    expect(received).toMatchObject({
      status: 'received',
      format: 'ubl',
      type: 'invoice',
      supplierName: 'Moulins Dupont SARL',
      supplierSiren: '552081317',
      number: 'F-100',
      issuedAt: '2026-11-20T00:00:00.000Z',
      currency: 'EUR',
      iban: 'FR7630006000011234567890189',
      totals: { subtotal: 125, total: 125, paid: 0, balance: 125 },
      validation: { valid: true, failedRules: [] },
    });
    expect(received.id).toMatch(/^sinv_/);
    expect(received.lines).toMatchObject([
      { description: 'Farine T65', quantity: 10, unitPrice: 12.5, netAmount: 125 },
    ]);
    const original = await getSupplierInvoiceOriginal(em(), workspaceId, received.id);
    expect(Buffer.from(original.content).equals(Buffer.from(file))).toBe(true);
    expect(original.contentType).toBe('application/xml');
    const company = (
      await db.orm.em
        .fork()
        .execute<{ is_supplier: boolean; name: string }[]>(
          'select is_supplier, name from companies where id = ?',
          [received.supplierCompanyId],
        )
    )[0];
    expect(company).toEqual({ is_supplier: true, name: 'Moulins Dupont SARL' });
    // company.created, then supplier_invoice.received
    expect((await count('events')) - eventsBefore).toBe(2);
  });

  it('the same flow received twice is one record: the second answers it and writes nothing', async () => {
    const flowId = nextFlow();
    const first = await receive(ublInvoice({ number: 'F-101' }), flowId);
    const before = await Promise.all(['supplier_invoices', 'events', 'companies'].map(count));
    const again = await receive(ublInvoice({ number: 'F-101 changed' }), flowId);
    expect(again).toEqual(first);
    expect(await Promise.all(['supplier_invoices', 'events', 'companies'].map(count))).toEqual(before);
  });

  it('the same flow delivered concurrently is still one record', async () => {
    const flowId = nextFlow();
    const results = await Promise.all([1, 2, 3].map(() => receive(ublInvoice({ number: 'F-102' }), flowId)));
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
  });

  it('a file that cannot be read is kept, unreadable, with the reason and its bytes', async () => {
    const file = new TextEncoder().encode('<html><body>Facture</body></html>');
    const received = await receive(file);
    expect(received).toMatchObject({
      status: 'unreadable',
      format: null,
      number: null,
      totals: null,
      validation: null,
      reason: expect.stringContaining('root element is html'),
    });
    const original = await getSupplierInvoiceOriginal(em(), workspaceId, received.id);
    expect(Buffer.from(original.content).equals(Buffer.from(file))).toBe(true);
    await expect(approveSupplierInvoice(em(), workspaceId, received.id)).rejects.toMatchObject({
      code: 'invalid_transition',
    });
  });

  it('an amount beyond what is stored makes it unreadable, naming the term', async () => {
    const received = await receive(ublInvoice({ number: 'F-103', payable: '99999999999999.00' }));
    expect(received.status).toBe('unreadable');
    expect(received.reason).toMatch(/BT-112/);
  });

  it('a file breaking EN 16931 rules is received, with the rules it breaks', async () => {
    const xml = new TextDecoder()
      .decode(ublInvoice({ number: 'F-104' }))
      .replace('<cbc:PayableAmount currencyID="EUR">125.00<', '<cbc:PayableAmount currencyID="EUR">125.01<');
    const received = await receive(new TextEncoder().encode(xml));
    expect(received.status).toBe('received');
    expect(received.validation?.valid).toBe(false);
    expect(received.validation?.failedRules.map((rule) => rule.id)).toContain('BR-CO-16');
  });

  it('matches the supplier by SIREN (a SIRET starting with it), else by VAT number; marks it a supplier', async () => {
    const bySiret = await createCompany(em(), workspaceId, {
      name: 'Boulangerie A',
      siret: '73282932000074',
    });
    const byVat = await createCompany(em(), workspaceId, {
      name: 'Brasserie B',
      vatNumber: 'FR 83 813465216',
    });
    const first = await receive(
      ublInvoice({ number: 'F-105', seller: { name: 'A SAS', siren: '732829320', vatNumber: null } }),
    );
    const second = await receive(
      ublInvoice({ number: 'F-106', seller: { name: 'B SAS', siren: null, vatNumber: 'FR83813465216' } }),
    );
    expect([first.supplierCompanyId, second.supplierCompanyId]).toEqual([bySiret.id, byVat.id]);
    const rows = await em().execute<{ is_supplier: boolean }[]>(
      'select is_supplier from companies where id in (?, ?)',
      [bySiret.id, byVat.id],
    );
    expect(rows.map((row) => row.is_supplier)).toEqual([true, true]);
  });

  it('lists newest first, filters by status, searches the supplier accent-insensitively, the number and the SIREN', async () => {
    const received = await receive(
      ublInvoice({
        number: 'ZX-9',
        seller: { name: 'Société Générale des Farines', siren: '443061841', vatNumber: null },
      }),
    );
    const search = (q: string) => listSupplierInvoices(em(), workspaceId, { limit: 20, offset: 0, q });
    for (const q of ['societe generale', 'zx-9', '443061841']) {
      expect((await search(q)).items.map((item) => item.id)).toEqual([received.id]);
    }
    const all = await listSupplierInvoices(em(), workspaceId, { limit: 100, offset: 0 });
    expect(all.items[0]?.id).toBe(received.id);
    const unreadable = await listSupplierInvoices(em(), workspaceId, {
      limit: 100,
      offset: 0,
      status: 'unreadable',
    });
    expect(unreadable.items.every((item) => item.status === 'unreadable')).toBe(true);
  });
});

describe('the lifecycle', () => {
  type Operation = { kind: 'approve' } | { kind: 'refuse' } | { kind: 'pay'; cents: number };
  const operation: fc.Arbitrary<Operation> = fc.oneof(
    fc.constant<Operation>({ kind: 'approve' }),
    fc.constant<Operation>({ kind: 'refuse' }),
    fc.integer({ min: 1, max: 15_000 }).map((cents): Operation => ({ kind: 'pay', cents })),
  );

  it('follows the rulings whatever is tried: received → approved | refused; approved → paid once covered', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), async (operations) => {
        const invoice = await receive(
          ublInvoice({ number: `L-${flows}`, payable: '100.00', prepaid: '20.00' }),
        );
        // the model: the rulings' transitions
        let status = 'received';
        let paid = new Decimal(0);
        const due = new Decimal(80);
        for (const step of operations) {
          const allowed = step.kind === 'pay' ? status === 'approved' : status === 'received';
          const fits = step.kind !== 'pay' || paid.plus(step.cents / 100).lessThanOrEqualTo(due);
          try {
            if (step.kind === 'approve') await approveSupplierInvoice(em(), workspaceId, invoice.id);
            if (step.kind === 'refuse')
              await refuseSupplierInvoice(em(), workspaceId, invoice.id, { reason: 'Prix faux' });
            if (step.kind === 'pay') {
              await recordSupplierInvoicePayment(em(), workspaceId, invoice.id, {
                amount: step.cents / 100,
                method: 'transfer',
              });
            }
            expect(allowed && fits, `${step.kind} from ${status}`).toBe(true);
            if (step.kind === 'approve') status = 'approved';
            if (step.kind === 'refuse') status = 'refused';
            if (step.kind === 'pay') {
              paid = paid.plus(step.cents / 100);
              if (paid.equals(due)) status = 'paid';
            }
          } catch (error) {
            if (!isAppError(error)) throw error;
            expect(error.code).toBe(allowed ? 'payment_exceeds_balance' : 'invalid_transition');
          }
        }
        const read = await getSupplierInvoice(em(), workspaceId, invoice.id);
        expect(read.status).toBe(status);
        expect(read.paidAmount).toBe(paid.toNumber());
        expect(read.totals?.paid).toBe(paid.plus(20).toNumber());
        expect(read.totals?.balance).toBe(status === 'refused' ? 0 : due.minus(paid).toNumber());
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('refusing owes the platform a Refusée 210 with the reason, in the same transaction', async () => {
    const invoice = await receive(ublInvoice({ number: 'R-1' }));
    await refuseSupplierInvoice(em(), workspaceId, invoice.id, { reason: 'Quantités non livrées' });
    const owed = await em().execute<
      { subject_kind: string; status: string; reason: string; sent_at: null }[]
    >('select subject_kind, status, reason, sent_at from einvoice_status_outbox where subject_id = ?', [
      invoice.id,
    ]);
    expect(owed).toEqual([
      { subject_kind: 'supplier_invoice', status: 'refused', reason: 'Quantités non livrées', sent_at: null },
    ]);
  });
});

describe('receiving the stock', () => {
  it('moves the lines naming products (reference or GTIN) once; a second call answers the first', async () => {
    const make = factories(db.orm);
    const flour = await make.product(workspaceId, {
      reference: 'FAR-65',
      trackStock: true,
      stockQuantity: 5,
    });
    const salt = await make.product(workspaceId, {
      barcode: '3560070123457',
      trackStock: true,
      stockQuantity: 0,
    });
    const invoice = await receive(
      ublInvoice({
        number: 'S-1',
        lines: [
          { name: 'Farine', quantity: '10', price: '1.20', net: '12.00', sellerItemId: 'FAR-65' },
          { name: 'Sel', quantity: '3', price: '2.00', net: '6.00', gtin: '3560070123457' },
          { name: 'Port', quantity: '1', price: '9.00', net: '9.00' },
        ],
      }),
    );
    expect(invoice.lines.map((line) => line.productId)).toEqual([flour.id, salt.id, null]);
    const first = await receiveSupplierInvoiceStock(em(), workspaceId, invoice.id, { apiKeyId: null });
    expect(
      first.applied.map(({ line, productId, before, after }) => ({ line, productId, before, after })),
    ).toEqual([
      { line: 0, productId: flour.id, before: 5, after: 15 },
      { line: 1, productId: salt.id, before: 0, after: 3 },
    ]);
    const ledgerBefore = await count('stock_movements');
    const second = await receiveSupplierInvoiceStock(em(), workspaceId, invoice.id, { apiKeyId: null });
    expect(second).toEqual(first);
    expect(await count('stock_movements')).toBe(ledgerBefore);
    const refs = await em().execute<{ ref_kind: string; ref_id: string }[]>(
      'select ref_kind, ref_id from stock_movements where product_id = ?',
      [flour.id],
    );
    expect(refs).toContainEqual({ ref_kind: 'supplier_invoice', ref_id: invoice.id });
  });

  it('no line naming a product: 422 stock_adjust_failed, nothing kept', async () => {
    const invoice = await receive(ublInvoice({ number: 'S-2' }));
    const failure = await receiveSupplierInvoiceStock(em(), workspaceId, invoice.id, {
      apiKeyId: null,
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'stock_adjust_failed' });
    expect((await getSupplierInvoice(em(), workspaceId, invoice.id)).stockReception).toBeNull();
  });
});
