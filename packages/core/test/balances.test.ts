import { inTransaction } from '@comptoir/db';
import { createTestDatabase, type TestDatabase } from '@comptoir/testing';
import { fc } from '@fast-check/vitest';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelInvoice,
  createInvoice,
  getInvoice,
  isAppError,
  listEvents,
  listInvoices,
  recordInvoicePayment,
  sendInvoice,
} from '../src/index.ts';
import { factories } from './factories.ts';

// Rulings, "Lifecycles": nothing is owed on a CANCELLED invoice or on a credit note, so a sum of
// balances is what the business is owed; a credit note is issued at or after the invoice it
// cancels; an invoice whose total is 0.00 is PAID as it is sent.

let db: TestDatabase;
let make: ReturnType<typeof factories>;

beforeAll(async () => {
  db = await createTestDatabase();
  make = factories(db.orm);
});
afterAll(() => db.drop());

const client = { clientName: 'Balances', clientEmail: 'b@example.test' };
const cents = (max: number) => fc.integer({ min: 1, max: max * 100 }).map((units) => units / 100);
const line = fc.record({
  title: fc.constant('Line'),
  quantity: fc.integer({ min: 1, max: 12 }).map((units) => units / 4),
  unitPrice: fc.oneof(cents(300), fc.constant(0)),
  taxRate: fc.constantFrom(0, 5.5, 20),
});

/** One step of an invoice's life; `at` picks an invoice among those made so far. */
const step = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), lines: fc.array(line, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('send' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('pay' as const), at: fc.nat(), amount: cents(400) }),
  fc.record({ kind: fc.constant('cancel' as const), at: fc.nat() }),
);

async function allInvoices(workspaceId: string) {
  const em = db.orm.em.fork();
  const page = await listInvoices(em, workspaceId, { limit: 100, offset: 0 });
  return page.items;
}

describe('balances', () => {
  it('sum to what was invoiced and not credited, less what was paid, over any sequence of operations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const workspaceId = await make.sellerWorkspace();
        const em = db.orm.em.fork();
        const made: string[] = [];
        let paid = new Decimal(0);
        for (const current of steps) {
          try {
            if (current.kind === 'create') {
              made.push((await createInvoice(em, workspaceId, { ...client, lines: current.lines })).id);
              continue;
            }
            const id = made[current.at % Math.max(made.length, 1)];
            if (!id) continue;
            if (current.kind === 'send') await sendInvoice(em, workspaceId, id);
            if (current.kind === 'cancel') await cancelInvoice(em, workspaceId, id);
            if (current.kind === 'pay') {
              await recordInvoicePayment(em, workspaceId, id, { amount: current.amount, method: 'card' });
              paid = paid.plus(current.amount);
            }
          } catch (error) {
            if (!isAppError(error)) throw error;
          }
        }
        const invoices = await allInvoices(workspaceId);
        const owing = invoices.filter(
          (invoice) => invoice.type === 'invoice' && invoice.status !== 'CANCELLED',
        );
        const invoicedNotCredited = owing.reduce(
          (sum, invoice) => sum.plus(invoice.totals.total),
          new Decimal(0),
        );
        const balances = invoices.reduce((sum, invoice) => sum.plus(invoice.totals.balance), new Decimal(0));
        expect(balances.toNumber()).toBe(invoicedNotCredited.minus(paid).toNumber());
        for (const settled of invoices.filter((invoice) => !owing.includes(invoice))) {
          expect(settled.totals.balance).toBe(0);
        }
        for (const creditNote of invoices.filter((invoice) => invoice.type === 'credit_note')) {
          const cancelled = invoices.find((invoice) => invoice.id === creditNote.creditedInvoiceId);
          expect(cancelled?.status).toBe('CANCELLED');
          expect(Date.parse(creditNote.issuedAt as string)).toBeGreaterThanOrEqual(
            Date.parse(cancelled?.issuedAt as string),
          );
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe('a credit note', () => {
  it('is issued at or after the invoice it cancels, even when both happen in one transaction', async () => {
    const workspaceId = await make.sellerWorkspace();
    const em = db.orm.em.fork();
    const invoice = await createInvoice(em, workspaceId, {
      ...client,
      lines: [{ title: 'Sac', quantity: 1, unitPrice: 90, taxRate: 20 }],
    });
    const cancelled = await inTransaction(em, async (tx) => {
      await sendInvoice(tx, workspaceId, invoice.id);
      return cancelInvoice(tx, workspaceId, invoice.id);
    });
    const creditNote = await getInvoice(em, workspaceId, cancelled.creditNoteId as string);
    expect(Date.parse(creditNote.issuedAt as string)).toBeGreaterThanOrEqual(
      Date.parse(cancelled.issuedAt as string),
    );
    expect([cancelled.totals.balance, creditNote.totals.balance]).toEqual([0, 0]);
    expect(creditNote.totals.total).toBe(108);
  });
});

describe('an invoice whose total is 0.00', () => {
  it('is PAID as it is sent, paidAt = issuedAt, with invoice.sent then invoice.paid, and never owes', async () => {
    const workspaceId = await make.sellerWorkspace();
    const em = db.orm.em.fork();
    const invoice = await createInvoice(em, workspaceId, {
      ...client,
      lines: [{ title: 'Échantillon offert', quantity: 3, unitPrice: 0, taxRate: 20 }],
    });
    const sent = await sendInvoice(em, workspaceId, invoice.id);
    expect(sent).toMatchObject({ status: 'PAID', paidAmount: 0, totals: { total: 0, balance: 0 } });
    expect(sent.paidAt).toBe(sent.issuedAt);
    const events = await listEvents(em, workspaceId, { limit: 10, offset: 0 });
    const about = events.items.filter((event) => (event.data as { id?: string }).id === invoice.id).reverse();
    expect(about.map((event) => [event.type, (event.data as { status: string }).status])).toEqual([
      ['invoice.created', 'DRAFT'],
      ['invoice.sent', 'SENT'],
      ['invoice.paid', 'PAID'],
    ]);
  });
});
