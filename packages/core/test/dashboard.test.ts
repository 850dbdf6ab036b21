import { kysely } from '@comptoir/db';
import { createTestDatabase, type TestDatabase } from '@comptoir/testing';
import { fc } from '@fast-check/vitest';
import { Decimal } from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillMonths, monthOf, monthStart, monthsEndingAt } from '../src/dashboard/months.ts';
import {
  cancelInvoice,
  createInvoice,
  createOpportunity,
  createQuote,
  dashboardFollowUps,
  dashboardLowStock,
  dashboardQuotesAwaiting,
  dashboardReceivables,
  recordInvoicePayment,
  sendInvoice,
  sendQuote,
} from '../src/index.ts';
import type { InvoiceView } from '../src/invoices/schemas.ts';
import { factories } from './factories.ts';

// The dashboard's arithmetic: the 12 calendar months (UTC) ending with the current one, every
// month present; revenue excluding tax by month of issue, net of credit notes; what is overdue
// and due within 30 days; and the short lists of the other widgets.

let db: TestDatabase;
let make: ReturnType<typeof factories>;

beforeAll(async () => {
  db = await createTestDatabase();
  make = factories(db.orm);
});
afterAll(() => db.drop());

describe('the months of the window', () => {
  it.each([
    ['2026-06-15T12:00:00Z', '2025-07', '2026-06'],
    ['2026-01-01T00:00:00.000Z', '2025-02', '2026-01'],
    ['2025-12-31T23:59:59.999Z', '2025-01', '2025-12'],
    ['2024-02-29T10:00:00Z', '2023-03', '2024-02'],
    // midnight in Paris on 1 March is still February in UTC
    ['2026-03-01T00:30:00+01:00', '2025-03', '2026-02'],
  ])('at %s: 12 months from %s to %s', (at, first, last) => {
    const months = monthsEndingAt(new Date(at));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe(first);
    expect(months[11]).toBe(last);
  });

  it('are 12 consecutive months, oldest first, ending with the month of now (any instant)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2090-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (now) => {
          const months = monthsEndingAt(now);
          expect(months).toHaveLength(12);
          expect(months.at(-1)).toBe(now.toISOString().slice(0, 7));
          for (let index = 1; index < months.length; index++) {
            const [year, month] = (months[index - 1] ?? '').split('-').map(Number);
            const next =
              month === 12 ? `${(year ?? 0) + 1}-01` : `${year}-${String((month ?? 0) + 1).padStart(2, '0')}`;
            expect(months[index]).toBe(next);
          }
          // the window's bounds hold every instant of its months and none other
          expect(monthOf(monthStart(now, -11))).toBe(months[0]);
          expect(monthStart(now, 1).getTime()).toBeGreaterThan(now.getTime());
          expect(monthStart(now).getTime()).toBeLessThanOrEqual(now.getTime());
        },
      ),
    );
  });

  it('fill the months without a document with 0, and refuse a sum outside the window', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const filled = fillMonths(now, new Map([['2026-02', 120.5]]));
    expect(filled.filter((month) => month.amount !== 0)).toEqual([{ month: '2026-02', amount: 120.5 }]);
    expect(filled.map((month) => month.month)).toEqual(monthsEndingAt(now));
    expect(() => fillMonths(now, new Map([['2025-06', 1]]))).toThrow(RangeError);
  });
});

const client = { clientName: 'Tableau de bord', clientEmail: 'tdb@example.test' };

/** Sets a document's timestamps (issue, due) as a test needs them: the use cases set them to now. */
async function setDates(id: string, dates: { issuedAt?: string; dueAt?: string }) {
  const db_ = kysely(db.orm.em.fork());
  await db_
    .updateTable('invoices')
    .set({
      ...(dates.issuedAt ? { issued_at: sql<Date>`${dates.issuedAt}::timestamptz` } : {}),
      ...(dates.dueAt ? { due_at: sql<Date>`${dates.dueAt}::timestamptz` } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** An invoice issued at `issuedAt`, and cancelled by a credit note issued at `cancelledAt`. */
async function issuedInvoice(
  workspaceId: string,
  lines: { title: string; quantity: number; unitPrice: number; taxRate: number }[],
  issuedAt: string,
  options: { cancelledAt?: string; currency?: string; discountPercent?: number } = {},
): Promise<InvoiceView> {
  const em = db.orm.em.fork();
  const draft = await createInvoice(em, workspaceId, {
    ...client,
    lines,
    ...(options.currency ? { currency: options.currency } : {}),
  });
  const sent = await sendInvoice(em, workspaceId, draft.id);
  await setDates(sent.id, { issuedAt });
  if (options.cancelledAt) {
    const cancelled = await cancelInvoice(em, workspaceId, sent.id);
    if (!cancelled.creditNoteId) throw new Error('no credit note');
    await setDates(cancelled.creditNoteId, { issuedAt: options.cancelledAt });
  }
  return sent;
}

/** Total excluding tax of a read: subtotal less the discount. */
const excludingTax = (invoice: InvoiceView) =>
  new Decimal(invoice.totals.subtotal).minus(invoice.totals.discountAmount);

const amountOf = (revenue: { month: string; amount: number }[], month: string) =>
  revenue.find((entry) => entry.month === month)?.amount;

describe('revenue by month', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const line = (unitPrice: number, taxRate = 20) => ({ title: 'Ligne', quantity: 1, unitPrice, taxRate });

  it('sums the totals excluding tax by month of issue (UTC), every month present, the window’s bounds exact', async () => {
    const workspaceId = await make.sellerWorkspace();
    await issuedInvoice(workspaceId, [line(100)], '2026-03-31T23:59:59.999Z');
    // midnight in Paris on 1 April is 31 March in UTC
    await issuedInvoice(workspaceId, [line(10.1, 5.5)], '2026-04-01T00:30:00+02:00');
    await issuedInvoice(workspaceId, [line(1000)], '2026-04-01T00:00:00Z');
    // the window's first instant counts, the instant before it does not
    await issuedInvoice(workspaceId, [line(7)], '2025-07-01T00:00:00Z');
    await issuedInvoice(workspaceId, [line(9999)], '2025-06-30T23:59:59.999Z');
    // a draft was never issued; an invoice in another currency is not in euros
    await createInvoice(db.orm.em.fork(), workspaceId, { ...client, lines: [line(5000)] });
    await issuedInvoice(workspaceId, [line(3000)], '2026-05-10T10:00:00Z', { currency: 'USD' });

    const { revenueByMonth, currency } = await dashboardReceivables(db.orm.em.fork(), workspaceId, now);
    expect(currency).toBe('EUR');
    expect(revenueByMonth.map((entry) => entry.month)).toEqual(monthsEndingAt(now));
    expect(revenueByMonth.filter((entry) => entry.amount !== 0)).toEqual([
      { month: '2025-07', amount: 7 },
      { month: '2026-03', amount: 110.1 },
      { month: '2026-04', amount: 1000 },
    ]);
  });

  it('nets a credit note in the month of its own issue: 0 when in the invoice’s month, negative in a later one', async () => {
    const workspaceId = await make.sellerWorkspace();
    await issuedInvoice(workspaceId, [line(250)], '2026-02-10T09:00:00Z', {
      cancelledAt: '2026-02-20T09:00:00Z',
    });
    await issuedInvoice(workspaceId, [line(80)], '2026-04-28T09:00:00Z', {
      cancelledAt: '2026-05-02T09:00:00Z',
    });
    await issuedInvoice(workspaceId, [line(40)], '2026-05-15T09:00:00Z');
    const { revenueByMonth } = await dashboardReceivables(db.orm.em.fork(), workspaceId, now);
    expect(amountOf(revenueByMonth, '2026-02')).toBe(0);
    expect(amountOf(revenueByMonth, '2026-04')).toBe(80);
    expect(amountOf(revenueByMonth, '2026-05')).toBe(-40);
    expect(revenueByMonth.reduce((sum, entry) => sum.plus(entry.amount), new Decimal(0)).toNumber()).toBe(40);
  });

  it('is, for any invoices and cancellations, the exact sum of their totals excluding tax by month, less the credit notes’', async () => {
    const instant = fc
      .integer({ min: Date.parse('2025-05-01T00:00:00Z'), max: Date.parse('2026-06-30T23:59:59Z') })
      .map((ms) => new Date(ms).toISOString());
    const document = fc.record({
      lines: fc.array(
        fc.record({
          title: fc.constant('Ligne'),
          quantity: fc.integer({ min: 1, max: 12 }).map((units) => units / 4),
          unitPrice: fc.integer({ min: 0, max: 40_000 }).map((cents) => cents / 100),
          taxRate: fc.constantFrom(0, 5.5, 10, 20),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      issuedAt: instant,
      cancelledAfterMs: fc.option(fc.integer({ min: 0, max: 90 * 86_400_000 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(document, { minLength: 1, maxLength: 5 }), async (documents) => {
        const workspaceId = await make.sellerWorkspace();
        const expected = new Map<string, Decimal>();
        const add = (at: string, amount: Decimal) => {
          const month = at.slice(0, 7);
          expected.set(month, (expected.get(month) ?? new Decimal(0)).plus(amount));
        };
        for (const { lines, issuedAt, cancelledAfterMs } of documents) {
          const cancelledAt =
            cancelledAfterMs === undefined
              ? undefined
              : new Date(Date.parse(issuedAt) + cancelledAfterMs).toISOString();
          const invoice = await issuedInvoice(
            workspaceId,
            lines,
            issuedAt,
            cancelledAt ? { cancelledAt } : {},
          );
          add(issuedAt, excludingTax(invoice));
          if (cancelledAt) add(cancelledAt, excludingTax(invoice).negated());
        }
        const { revenueByMonth } = await dashboardReceivables(db.orm.em.fork(), workspaceId, now);
        expect(revenueByMonth.map((entry) => entry.month)).toEqual(monthsEndingAt(now));
        for (const { month, amount } of revenueByMonth) {
          expect(amount, month).toBe((expected.get(month) ?? new Decimal(0)).toNumber());
        }
      }),
      { numRuns: 12 },
    );
  });
});

describe('overdue and due soon', () => {
  it('counts the balances of the overdue invoices and of those due within 30 days, nothing else', async () => {
    const workspaceId = await make.sellerWorkspace();
    const em = () => db.orm.em.fork();
    const now = new Date();
    const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
    const line = (unitPrice: number) => [{ title: 'Ligne', quantity: 1, unitPrice, taxRate: 20 }];
    const issued = async (unitPrice: number, dueAt: string) => {
      const invoice = await issuedInvoice(workspaceId, line(unitPrice), inDays(-40));
      await setDates(invoice.id, { dueAt });
      return invoice;
    };
    // overdue: SENT past due (not yet swept), OVERDUE, PARTIAL past due (its balance)
    await issued(100, inDays(-1));
    const marked = await issued(10, inDays(-5));
    await kysely(em())
      .updateTable('invoices')
      .set({ status: 'OVERDUE' })
      .where('id', '=', marked.id)
      .execute();
    const partialLate = await issued(50, inDays(-2));
    await recordInvoicePayment(em(), workspaceId, partialLate.id, { amount: 20, method: 'transfer' });
    // due soon: SENT in 3 days, PARTIAL in 29 days (its balance)
    await issued(200, inDays(3));
    const partialSoon = await issued(1000, inDays(29));
    await recordInvoicePayment(em(), workspaceId, partialSoon.id, { amount: 0.5, method: 'card' });
    // neither: due in 31 days, paid, cancelled (and its credit note), a draft, another currency
    await issued(7000, inDays(31));
    const paid = await issued(300, inDays(-3));
    await recordInvoicePayment(em(), workspaceId, paid.id, { amount: 360, method: 'transfer' });
    const cancelled = await issued(400, inDays(-3));
    await cancelInvoice(em(), workspaceId, cancelled.id);
    await createInvoice(em(), workspaceId, { ...client, lines: line(900) });
    const dollars = await issuedInvoice(workspaceId, line(800), inDays(-40), { currency: 'USD' });
    await setDates(dollars.id, { dueAt: inDays(-1) });

    const figures = await dashboardReceivables(em(), workspaceId, now);
    expect(figures.overdue).toEqual({ amount: 120 + 12 + (60 - 20), count: 3 });
    expect(figures.dueSoon).toEqual({ amount: 240 + (1200 - 0.5), count: 2 });
    // another workspace's invoices are never counted
    const other = await make.sellerWorkspace();
    const empty = await dashboardReceivables(em(), other, now);
    expect(empty.overdue).toEqual({ amount: 0, count: 0 });
    expect(empty.dueSoon).toEqual({ amount: 0, count: 0 });
    expect(empty.revenueByMonth.every((entry) => entry.amount === 0)).toBe(true);
  });
});

describe('the short lists', () => {
  it('quotes awaiting an answer: SENT or SENT_FOR_SIGNATURE, oldest sent first, 5 at most, all counted', async () => {
    const workspaceId = await make.sellerWorkspace();
    const em = () => db.orm.em.fork();
    const sent: string[] = [];
    for (let index = 0; index < 7; index++) {
      const quote = await createQuote(em(), workspaceId, {
        ...client,
        lines: [{ title: 'Devis', quantity: 1, unitPrice: 10 }],
      });
      await sendQuote(em(), workspaceId, quote.id);
      // sent a day apart, the first made the most recently sent
      await kysely(em())
        .updateTable('quotes')
        .set({ sent_at: sql<Date>`now() - ${`${index} days`}::interval` })
        .where('id', '=', quote.id)
        .execute();
      sent.push(quote.id);
    }
    await createQuote(em(), workspaceId, {
      ...client,
      lines: [{ title: 'Brouillon', quantity: 1, unitPrice: 1 }],
    });
    const awaiting = await dashboardQuotesAwaiting(em(), workspaceId);
    expect(awaiting.count).toBe(7);
    expect(awaiting.quotes.map((quote) => quote.id)).toEqual([...sent].reverse().slice(0, 5));
    expect(awaiting.quotes.every((quote) => quote.status === 'SENT')).toBe(true);
  });

  it('follow-ups: open opportunities due past or within 7 days, soonest first', async () => {
    const workspaceId = await make.sellerWorkspace();
    const em = () => db.orm.em.fork();
    const now = new Date();
    const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
    const made = async (title: string, days: number | null, status?: 'WON' | 'LOST' | 'HOT') => {
      const opportunity = await createOpportunity(em(), workspaceId, {
        title,
        ...(status ? { status } : {}),
      });
      if (days !== null) {
        await kysely(em())
          .updateTable('opportunities')
          .set({ next_follow_up_at: sql<Date>`${inDays(days)}::timestamptz` })
          .where('id', '=', opportunity.id)
          .execute();
      }
      return opportunity;
    };
    await made('Dans 6 jours', 6);
    await made('Hier', -1, 'HOT');
    await made('Dans 8 jours', 8);
    await made('Gagnée', -3, 'WON');
    await made('Perdue', -3, 'LOST');
    await made('Sans date', null);
    await made('Il y a un mois', -30);
    const followUps = await dashboardFollowUps(em(), workspaceId, now);
    expect(followUps.count).toBe(3);
    expect(followUps.opportunities.map((opportunity) => opportunity.title)).toEqual([
      'Il y a un mois',
      'Hier',
      'Dans 6 jours',
    ]);
  });

  it('low stock: live tracked products at or under their threshold or out, lowest first', async () => {
    const workspaceId = await make.sellerWorkspace();
    await make.product(workspaceId, {
      name: 'Au seuil',
      trackStock: true,
      stockQuantity: 5,
      stockThreshold: 5,
    });
    await make.product(workspaceId, {
      name: 'Rupture',
      trackStock: true,
      stockQuantity: 0,
      stockThreshold: 2,
    });
    await make.product(workspaceId, { name: 'Sans seuil, vide', trackStock: true, stockQuantity: 0 });
    await make.product(workspaceId, {
      name: 'Assez',
      trackStock: true,
      stockQuantity: 5.0001,
      stockThreshold: 5,
    });
    await make.product(workspaceId, { name: 'Sans seuil', trackStock: true, stockQuantity: 1 });
    await make.product(workspaceId, { name: 'Non suivi', trackStock: false });
    const low = await dashboardLowStock(db.orm.em.fork(), workspaceId);
    expect(low.count).toBe(3);
    expect(low.products.map((product) => [product.name, product.stockState])).toEqual([
      ['Rupture', 'out'],
      ['Sans seuil, vide', 'out'],
      ['Au seuil', 'low'],
    ]);
    expect((await dashboardLowStock(db.orm.em.fork(), await make.sellerWorkspace())).count).toBe(0);
  });
});
