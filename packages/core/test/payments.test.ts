import { createTestDatabase, type TestDatabase } from '@comptoir/testing';
import { fc } from '@fast-check/vitest';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoice, getInvoice, isAppError, recordInvoicePayment, sendInvoice } from '../src/index.ts';
import { factories } from './factories.ts';

// The rule behind every payment: whatever amounts are sent, in whatever order, what is paid
// never exceeds the total, it is the sum of the payments taken, and the status follows it.

let db: TestDatabase;
let workspaceId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const make = factories(db.orm);
  workspaceId = (await make.workspace()).id;
  await make.seller(workspaceId);
});
afterAll(() => db.drop());

const cents = (max: number) => fc.integer({ min: 1, max: max * 100 }).map((units) => units / 100);
const line = fc.record({
  title: fc.constant('Line'),
  quantity: fc.integer({ min: 1, max: 40 }).map((units) => units / 4),
  unitPrice: cents(500),
  taxRate: fc.constantFrom(0, 5.5, 10, 20),
});

describe('payments', () => {
  it('never take more than the total: paid = the sum taken, PAID exactly when payments cover the total', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 4 }),
        fc.array(cents(600), { minLength: 1, maxLength: 8 }),
        async (lines, amounts) => {
          const em = db.orm.em.fork();
          const invoice = await createInvoice(em, workspaceId, {
            clientName: 'Property',
            clientEmail: 'p@example.test',
            lines,
          });
          await sendInvoice(em, workspaceId, invoice.id);
          let taken = new Decimal(0);
          for (const amount of amounts) {
            try {
              await recordInvoicePayment(em, workspaceId, invoice.id, { amount, method: 'transfer' });
              taken = taken.plus(amount);
            } catch (error) {
              if (!isAppError(error)) throw error;
              expect(['payment_exceeds_balance', 'invalid_transition']).toContain(error.code);
            }
          }
          const read = await getInvoice(em, workspaceId, invoice.id);
          expect(new Decimal(read.paidAmount).lessThanOrEqualTo(read.totals.total)).toBe(true);
          expect(read.paidAmount).toBe(taken.toNumber());
          expect(
            read.payments.reduce((sum, payment) => sum.plus(payment.amount), new Decimal(0)).toNumber(),
          ).toBe(taken.toNumber());
          expect(read.totals.balance).toBe(new Decimal(read.totals.total).minus(taken).toNumber());
          // PAID is reached by a payment (its date becomes paidAt), or by the send itself for an
          // invoice whose total rounds to 0.00 (a quarter of a cent's line): it has nothing to
          // take and refuses every amount.
          const expected =
            read.totals.total === 0 || (!taken.isZero() && read.totals.balance === 0)
              ? 'PAID'
              : taken.isZero()
                ? 'SENT'
                : 'PARTIAL';
          expect(read.status).toBe(expected);
        },
      ),
      {
        numRuns: 25,
        // Found by a run of CI (seed 959349000): a total that rounds to 0.00.
        examples: [[[{ title: 'Line', quantity: 0.25, unitPrice: 0.01, taxRate: 0 }], [0.01]]],
      },
    );
  });
});
