import { newId } from '@comptoir/db';
import { type DocumentAmounts, documentTotals } from '../lines/totals.ts';
import type { InvoiceView } from './schemas.ts';

const paymentTermDays = 30;
const dayMs = 86_400_000;

/** What a new invoice takes from whatever it is made from (a create request, a quote). */
export interface DraftInvoiceSource {
  title: string;
  clientName: string;
  clientCompany: string | null;
  clientEmail: string;
  currency: string;
  taxRate: number;
}

/**
 * A new DRAFT invoice as its `invoice.created` event and its first read show it, but for the
 * number, which the statement that stores it assigns (insertNumberedInvoice).
 */
export function draftInvoice(
  source: DraftInvoiceSource,
  amounts: DocumentAmounts,
  createdAt: Date,
): Omit<InvoiceView, 'number'> {
  return {
    id: newId('invoice'),
    ...source,
    status: 'DRAFT',
    type: 'invoice',
    discountPercent: 0,
    reverseCharge: false,
    issuedAt: null,
    dueAt: new Date(createdAt.getTime() + paymentTermDays * dayMs).toISOString(),
    paidAt: null,
    paidAmount: 0,
    creditedInvoiceId: null,
    creditNoteId: null,
    totals: documentTotals(amounts),
    createdAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
  };
}
