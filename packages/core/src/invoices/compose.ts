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
 * The buyer and operation fields (rulings: "Documents"; the delivery date and VAT exemption of
 * issue 34), as a new invoice stores them.
 */
export type InvoiceBuyer = Pick<
  InvoiceView,
  | 'clientAddress'
  | 'clientPostalCode'
  | 'clientCity'
  | 'clientCountryCode'
  | 'clientSiren'
  | 'clientVatNumber'
  | 'deliveryAddress'
  | 'operationCategory'
  | 'deliveryDate'
  | 'vatExemption'
>;

/**
 * A buyer with only what is given; the rest as an invoice's defaults (France, services, no
 * delivery date, no exemption).
 */
export function invoiceBuyer(
  given: { [Field in keyof InvoiceBuyer]?: InvoiceBuyer[Field] | undefined } = {},
): InvoiceBuyer {
  return {
    clientAddress: given.clientAddress ?? null,
    clientPostalCode: given.clientPostalCode ?? null,
    clientCity: given.clientCity ?? null,
    clientCountryCode: given.clientCountryCode ?? 'FR',
    clientSiren: given.clientSiren ?? null,
    clientVatNumber: given.clientVatNumber ?? null,
    deliveryAddress: given.deliveryAddress ?? null,
    operationCategory: given.operationCategory ?? 'services',
    deliveryDate: given.deliveryDate ?? null,
    vatExemption: given.vatExemption ?? null,
  };
}

/**
 * A new DRAFT invoice as its `invoice.created` event and its first read show it, but for the
 * number, which the statement that stores it assigns (insertNumberedInvoice).
 */
export function draftInvoice(
  source: DraftInvoiceSource,
  buyer: InvoiceBuyer,
  amounts: DocumentAmounts,
  createdAt: Date,
): Omit<InvoiceView, 'number'> {
  return {
    id: newId('invoice'),
    ...source,
    ...buyer,
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
    einvoice: null,
    totals: documentTotals(amounts),
    createdAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
  };
}
