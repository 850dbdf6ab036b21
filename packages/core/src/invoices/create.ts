import { type EntityManager, newId } from '@comptoir/db';
import { batchedByKey } from '../batching/batched.ts';
import { documentAmounts } from '../lines/totals.ts';
import { draftInvoice, invoiceBuyer } from './compose.ts';
import { insertNumberedInvoices, type UnnumberedInvoice } from './numbered-insert-store.ts';
import { type InvoiceCreate, type InvoiceView, invoiceCreateSchema } from './schemas.ts';
import { requireCompatibleVat } from './vat-treatment.ts';

/**
 * Creates a DRAFT invoice with the next number of the year, its lines and EN 16931 totals,
 * and records `invoice.created`, in one statement. A VAT exemption with a line at a rate above
 * 0 % is refused (400 invalid_body naming vatExemption).
 *
 * Creations of a workspace queue on its counter row's lock, held from the numbering to the
 * commit (and a commit waits for the disk). As one statement (autocommit outside a
 * transaction), the lock is held for the statement and its commit only, not across round trips
 * to this process; and the creations that arrive while one is being written are written
 * together by the next statement, numbered in the order they arrived: one lock, one commit for
 * all of them (docs/benchmarks.md, "Invoice creation in batches"). So the record is composed
 * here, timestamps included, and the statement only completes it with its number.
 */
export async function createInvoice(
  em: EntityManager,
  workspaceId: string,
  input: InvoiceCreate,
): Promise<InvoiceView> {
  const { lines, ...data } = invoiceCreateSchema.parse(input);
  const [first] = lines;
  if (!first) throw new Error('an invoice has at least one line');
  requireCompatibleVat(
    {
      vatExemption: data.vatExemption ?? null,
      reverseCharge: false,
      lineRates: lines.map((line) => line.taxRate),
    },
    { vatExemption: data.vatExemption !== undefined, reverseCharge: false, lines: true },
  );
  const amounts = documentAmounts(lines);
  const invoice = draftInvoice(
    {
      title: first.title,
      clientName: data.clientName,
      clientCompany: data.clientCompany ?? null,
      clientEmail: data.clientEmail,
      currency: data.currency,
      taxRate: first.taxRate,
    },
    invoiceBuyer(data),
    amounts,
    new Date(),
  );
  const unnumbered: UnnumberedInvoice = { invoice, amounts, lines, eventId: newId('event') };
  // In a caller's transaction the invoice is written on its connection, alone.
  const number = em.isInTransaction()
    ? ((await insertNumberedInvoices(em, workspaceId, [unnumbered]))[0] as string)
    : await numberedCreation(workspaceId, { em, unnumbered });
  return { ...invoice, number };
}

/** A batch takes the counter's lock once for all its invoices: a hundred keeps the statement short. */
const creationBatches = { maxBatch: 100, maxInFlight: 1 };

interface Creation {
  em: EntityManager;
  unnumbered: UnnumberedInvoice;
}

/**
 * The workspace's creations in batches. A batch that fails is written again one invoice at a
 * time, so a creation fails only for its own reason (and a failed statement takes no number).
 */
const creationsInBatches = batchedByKey<Creation, PromiseSettledResult<string>>(
  async (workspaceId, creations) => {
    const em = (creations[0] as Creation).em;
    try {
      const numbers = await insertNumberedInvoices(
        em,
        workspaceId,
        creations.map((creation) => creation.unnumbered),
      );
      return numbers.map((value) => ({ status: 'fulfilled', value }));
    } catch (error) {
      if (creations.length === 1) return [{ status: 'rejected', reason: error }];
      // One after the other, so the numbers still follow the order of arrival.
      const settled: PromiseSettledResult<string>[] = [];
      for (const creation of creations) {
        try {
          const [number] = await insertNumberedInvoices(creation.em, workspaceId, [creation.unnumbered]);
          settled.push({ status: 'fulfilled', value: number as string });
        } catch (reason) {
          settled.push({ status: 'rejected', reason });
        }
      }
      return settled;
    }
  },
  creationBatches,
);

async function numberedCreation(workspaceId: string, creation: Creation): Promise<string> {
  const settled = await creationsInBatches(workspaceId, creation);
  if (settled.status === 'rejected') throw settled.reason;
  return settled.value;
}
