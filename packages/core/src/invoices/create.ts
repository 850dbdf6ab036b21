import type { EntityManager } from '@comptoir/db';
import { documentAmounts } from '../lines/totals.ts';
import { draftInvoice, invoiceBuyer } from './compose.ts';
import { type InvoiceCreate, type InvoiceView, invoiceCreateSchema } from './schemas.ts';
import { insertNumberedInvoice } from './store.ts';

/**
 * Creates a DRAFT invoice with the next number of the year, its lines and EN 16931 totals,
 * and records `invoice.created`, in one statement.
 *
 * Creations of a workspace queue on its counter row's lock, held from the numbering to the
 * commit. As one statement (autocommit outside a transaction), the lock is held for the
 * statement and its commit only, not across round trips to this process. So the record is
 * composed here, timestamps included, and the statement only completes it with its number.
 */
export async function createInvoice(
  em: EntityManager,
  workspaceId: string,
  input: InvoiceCreate,
): Promise<InvoiceView> {
  const { lines, ...data } = invoiceCreateSchema.parse(input);
  const [first] = lines;
  if (!first) throw new Error('an invoice has at least one line');
  const amounts = documentAmounts(lines);
  const unnumbered = draftInvoice(
    {
      title: first.title,
      clientName: data.clientName,
      clientCompany: null,
      clientEmail: data.clientEmail,
      currency: data.currency,
      taxRate: first.taxRate,
    },
    invoiceBuyer(data),
    amounts,
    new Date(),
  );
  const number = await insertNumberedInvoice(em, workspaceId, unnumbered, amounts, lines);
  return { ...unnumbered, number };
}
