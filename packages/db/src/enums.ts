// The values of the enum columns, apart from the entities that load MikroORM: core's schemas
// read them from here (`@comptoir/db/enums`), so the app's browser bundle can import those
// schemas without the database layer.

export { einvoiceSources, einvoiceStatuses, platformAuthKinds } from './entities/einvoicing-statuses.ts';

export const invoiceStatuses = ['DRAFT', 'SENT', 'PARTIAL', 'PAID', 'OVERDUE', 'CANCELLED'] as const;
export const invoiceTypes = ['invoice', 'credit_note'] as const;
export const paymentMethods = ['transfer', 'card', 'cash', 'check', 'direct_debit', 'other'] as const;
/** What an invoice sells (a mention of the 2026 e-invoicing reform). */
export const operationCategories = ['goods', 'services', 'mixed'] as const;
/**
 * Why an invoice's lines carry no VAT: the VATEX codes (EN 16931 BT-121) a small French business
 * needs, each with its VAT category and mention in core (invoices/vat-treatment.ts).
 */
export const vatExemptionCodes = [
  'VATEX-FR-FRANCHISE',
  'VATEX-FR-CGI261-4',
  'VATEX-EU-G',
  'VATEX-EU-IC',
  'VATEX-EU-O',
] as const;

export const quoteStatuses = [
  'DRAFT',
  'SENT',
  'SENT_FOR_SIGNATURE',
  'ACCEPTED',
  'REJECTED',
  'REJECTED_SIGNATURE',
  'EXPIRED',
  'ARCHIVED',
] as const;

export const opportunityStatuses = [
  'DRAFT',
  'QUOTE_SENT',
  'WAITING_REPLY',
  'REPLIED',
  'HOT',
  'WON',
  'LOST',
] as const;

/** A supplier invoice's lifecycle (rulings: "E-invoicing"); `unreadable` is a file kept with why. */
export const supplierInvoiceStatuses = ['received', 'approved', 'refused', 'paid', 'unreadable'] as const;
/** The syntax the file was read in. */
export const supplierInvoiceFormats = ['factur-x', 'cii', 'ubl'] as const;
export const supplierInvoiceTypes = ['invoice', 'credit_note'] as const;

/** The roles a member can have in a workspace (core/people/roles.ts maps each to permissions). */
export const memberRoles = ['owner', 'accountant', 'sales', 'stock'] as const;
