import type { InvoiceDetail } from '../detail/types.ts';

export interface AllowedActions {
  edit: boolean;
  send: boolean;
  recordPayment: boolean;
  /** A DRAFT is cancelled as it is; an issued invoice with no payment, by a credit note. */
  cancel: 'draft' | 'credit-note' | false;
  /** Every invoice and credit note has a PDF (a DRAFT's is marked BROUILLON); the XML needs an issued one. */
  xml: boolean;
}

/**
 * What the detail offers, by the server's rules (rulings, "Lifecycles") and the member's
 * permissions. Only a way to hide what would be refused: the server decides each call.
 */
export function allowedActions(
  invoice: Pick<InvoiceDetail, 'status' | 'type' | 'paidAmount'>,
  can: { draft: boolean; write: boolean },
): AllowedActions {
  const isInvoice = invoice.type === 'invoice';
  const draft = invoice.status === 'DRAFT';
  const open = invoice.status === 'SENT' || invoice.status === 'PARTIAL' || invoice.status === 'OVERDUE';
  const unpaidIssued =
    (invoice.status === 'SENT' || invoice.status === 'OVERDUE') && invoice.paidAmount === 0;
  return {
    edit: isInvoice && draft && can.draft,
    send: isInvoice && draft && can.write,
    recordPayment: isInvoice && open && can.write,
    cancel: !isInvoice || !can.write ? false : draft ? 'draft' : unpaidIssued ? 'credit-note' : false,
    xml: !draft,
  };
}
