import { z } from 'zod';
import { companySchema } from '../companies/schemas.ts';
import { contactSchema } from '../contacts/schemas.ts';
import { einvoiceSchema } from '../einvoicing/schemas.ts';
import type { EventType } from '../events/schemas.ts';
import { invoiceSchema, invoiceTypeSchema, paymentSchema } from '../invoices/schemas.ts';
import { keySummarySchema } from '../keys/schemas.ts';
import { opportunitySchema } from '../opportunities/schemas.ts';
import { roleSchema } from '../people/roles.ts';
import { invitationSchema, memberSchema } from '../people/schemas.ts';
import { productSchema } from '../products/schemas.ts';
import { quoteDetailSchema, quoteSchema, quoteSentSchema } from '../quotes/schemas.ts';
import { supplierInvoiceSchema } from '../supplier-invoices/schemas.ts';
import { endpointSchema } from '../webhooks/schemas.ts';
import { workspaceSchema } from '../workspaces/schemas.ts';
import { stockAdjustedDataSchema, stockLevelDataSchema, stockMovementDataSchema } from './schemas.ts';

export interface EventTypeEntry {
  description: string;
  /** The shape of the event's `data`: exactly what the use case records. */
  data: z.ZodType;
}

const einvoiceStatusChangedSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    type: invoiceTypeSchema,
    previous: einvoiceSchema,
    einvoice: einvoiceSchema,
  })
  .meta({ id: 'EinvoiceStatusChangedEvent' });

const supplierInvoiceWithPaymentSchema = supplierInvoiceSchema
  .extend({ payment: paymentSchema })
  .meta({ id: 'SupplierInvoicePaymentRecordedEvent' });

const memberRoleChangedSchema = memberSchema
  .extend({ previousRole: roleSchema })
  .meta({ id: 'MemberRoleChangedEvent' });

const invoiceWithPaymentSchema = invoiceSchema
  .extend({ payment: paymentSchema })
  .meta({ id: 'InvoicePaymentRecordedEvent' });

/**
 * Every event type the service records, with what its data is (common rule: an invoice or a
 * quote in its list shape, a record in the shape of its `.created` event). `satisfies` makes
 * tsc refuse a type of `eventTypes` without an entry.
 */
export const eventCatalog = {
  'invoice.created': {
    description: 'An invoice was created, as a DRAFT with its number.',
    data: invoiceSchema,
  },
  'invoice.updated': { description: 'A DRAFT invoice was changed.', data: invoiceSchema },
  'invoice.sent': {
    description: 'An invoice was issued: DRAFT to SENT, with its issue date.',
    data: invoiceSchema,
  },
  'invoice.payment_recorded': {
    description: 'A payment was recorded on an invoice; `payment` is that payment.',
    data: invoiceWithPaymentSchema,
  },
  'invoice.paid': { description: 'An invoice was paid in full.', data: invoiceSchema },
  'invoice.overdue': { description: 'An unpaid invoice passed its due date.', data: invoiceSchema },
  'invoice.cancelled': {
    description: 'An invoice was cancelled (a DRAFT directly, an issued one by a credit note).',
    data: invoiceSchema,
  },
  'credit_note.created': {
    description: 'A credit note was issued to cancel an invoice.',
    data: invoiceSchema,
  },
  'invoice.einvoice_status_changed': {
    description:
      'An invoice’s or a credit note’s status with the e-invoicing platform changed (submitted, deposited, approved, refused, paid, rejected...).',
    data: einvoiceStatusChangedSchema,
  },
  'quote.created': { description: 'A quote was created, as a DRAFT.', data: quoteSchema },
  'quote.updated': {
    description: 'A DRAFT quote was changed; its detail, with its lines.',
    data: quoteDetailSchema,
  },
  'quote.sent': { description: 'A quote was marked as sent and numbered.', data: quoteSentSchema },
  'quote.deleted': { description: 'A DRAFT quote was deleted.', data: quoteSchema },
  'quote.signature_requested': { description: 'A sent quote was sent for signature.', data: quoteSchema },
  'quote.accepted': { description: 'A quote was accepted (signed).', data: quoteSchema },
  'quote.rejected': { description: 'A quote was rejected, or its signature refused.', data: quoteSchema },
  'quote.expired': { description: 'A sent quote passed its validity without an answer.', data: quoteSchema },
  'quote.archived': { description: 'A quote was archived.', data: quoteSchema },
  'quote.invoiced': { description: 'An accepted quote was converted into an invoice.', data: quoteSchema },
  'contact.created': { description: 'A contact was created.', data: contactSchema },
  'contact.updated': { description: 'A contact was changed.', data: contactSchema },
  'company.created': { description: 'A company was created.', data: companySchema },
  'company.updated': { description: 'A company was changed.', data: companySchema },
  'opportunity.created': { description: 'An opportunity was created.', data: opportunitySchema },
  'opportunity.updated': { description: 'An opportunity was changed.', data: opportunitySchema },
  'opportunity.won': { description: 'An opportunity entered the status WON.', data: opportunitySchema },
  'opportunity.lost': { description: 'An opportunity entered the status LOST.', data: opportunitySchema },
  'product.archived': {
    description: 'A product was archived: out of lists and stock changes.',
    data: productSchema,
  },
  'product.restored': { description: 'An archived product was restored.', data: productSchema },
  'workspace.updated': {
    description: 'The workspace’s settings or legal identity changed.',
    data: workspaceSchema,
  },
  'stock.adjusted': {
    description: 'A product’s stock was set to a counted quantity.',
    data: stockAdjustedDataSchema,
  },
  'stock.movement': {
    description: 'A stock movement (entry or exit) was applied.',
    data: stockMovementDataSchema,
  },
  'stock.low': {
    description: 'A product’s stock fell to or below its threshold.',
    data: stockLevelDataSchema,
  },
  'stock.out': { description: 'A product’s stock fell to zero or below.', data: stockLevelDataSchema },
  'webhook_endpoint.disabled': {
    description: 'A webhook endpoint was disabled: it answered 410, or kept failing for 5 days.',
    data: endpointSchema,
  },
  'supplier_invoice.received': {
    description:
      'A supplier invoice came in from the platform: read (status received), or kept as unreadable with the reason.',
    data: supplierInvoiceSchema,
  },
  'supplier_invoice.approved': {
    description: 'A received supplier invoice was approved.',
    data: supplierInvoiceSchema,
  },
  'supplier_invoice.refused': {
    description:
      'A received supplier invoice was refused; the platform is told (Refusée 210) with the reason.',
    data: supplierInvoiceSchema,
  },
  'supplier_invoice.payment_recorded': {
    description: 'A payment was recorded on an approved supplier invoice; `payment` is that payment.',
    data: supplierInvoiceWithPaymentSchema,
  },
  'supplier_invoice.paid': {
    description: 'A supplier invoice was paid in full.',
    data: supplierInvoiceSchema,
  },
  'member.invited': {
    description: 'An owner invited someone to the workspace with a role (the link is never in the event).',
    data: invitationSchema,
  },
  'member.joined': {
    description: 'Someone joined the workspace: an invitation accepted, or a user added by the CLI.',
    data: memberSchema,
  },
  'member.role_changed': {
    description: 'A member’s role changed; `previousRole` is the one they had.',
    data: memberRoleChangedSchema,
  },
  'member.removed': { description: 'A member was removed from the workspace.', data: memberSchema },
  'invitation.revoked': {
    description: 'An invitation not yet accepted was withdrawn: its link no longer works.',
    data: invitationSchema,
  },
  'api_key.created': {
    description: 'An owner issued an API key from the app (its summary: never the key).',
    data: keySummarySchema,
  },
  'api_key.revoked': { description: 'An owner revoked an API key from the app.', data: keySummarySchema },
} as const satisfies Record<EventType, EventTypeEntry>;
