import { Company } from './entities/companies.ts';
import { Contact } from './entities/contacts.ts';
import { RenderedDocument } from './entities/documents.ts';
import { EinvoiceStatusOutbox } from './entities/einvoice-status-outbox.ts';
import { EinvoiceStatusChange, EinvoiceSubmission, EinvoicingConnection } from './entities/einvoicing.ts';
import { DomainEvent } from './entities/events.ts';
import { IdempotencyKey } from './entities/idempotency.ts';
import { Invoice, InvoiceLine, InvoicePayment } from './entities/invoices.ts';
import { ApiKey } from './entities/keys.ts';
import { WorkspaceListCount } from './entities/list-counts.ts';
import { DocumentSequence } from './entities/numbering.ts';
import { Opportunity } from './entities/opportunities.ts';
import { Account, Invitation, Membership, Session, User, Verification } from './entities/people.ts';
import { Product, WorkspaceProductCount } from './entities/products.ts';
import { Quote, QuoteLine } from './entities/quotes.ts';
import { StockMovement } from './entities/stock.ts';
import {
  SupplierInvoice,
  SupplierInvoiceFile,
  SupplierInvoiceLine,
  SupplierInvoicePayment,
} from './entities/supplier-invoices.ts';
import { WebhookDelivery, WebhookDeliveryAttempt, WebhookEndpoint } from './entities/webhooks.ts';
import { Workspace } from './entities/workspaces.ts';

// The entities are the one description of the schema: one per table the migrations create,
// checked against the migrated database by test/schema.test.ts. What the database has that an
// entity cannot say is listed in entities/database-only.ts.

export { Company } from './entities/companies.ts';
export { Contact } from './entities/contacts.ts';
export {
  type DocumentFormat,
  documentFormats,
  RenderedDocument,
  type TaxEntry,
} from './entities/documents.ts';
export { EinvoiceStatusOutbox } from './entities/einvoice-status-outbox.ts';
export { EinvoiceStatusChange, EinvoiceSubmission, EinvoicingConnection } from './entities/einvoicing.ts';
export {
  einvoiceSources,
  einvoiceStatuses,
  platformAuthKinds,
} from './entities/einvoicing-statuses.ts';
export { DomainEvent } from './entities/events.ts';
export { IdempotencyKey } from './entities/idempotency.ts';
export {
  Invoice,
  InvoiceLine,
  InvoicePayment,
  invoiceStatuses,
  invoiceTypes,
  operationCategories,
  paymentMethods,
  vatExemptionCodes,
} from './entities/invoices.ts';
export { ApiKey } from './entities/keys.ts';
export { WorkspaceListCount } from './entities/list-counts.ts';
export { DocumentSequence } from './entities/numbering.ts';
export { Opportunity, opportunityStatuses } from './entities/opportunities.ts';
export {
  Account,
  Invitation,
  Membership,
  Session,
  User,
  Verification,
} from './entities/people.ts';
export { Product, WorkspaceProductCount } from './entities/products.ts';
export { Quote, QuoteLine, quoteStatuses } from './entities/quotes.ts';
export { StockMovement } from './entities/stock.ts';
export {
  type StoredStockReception,
  SupplierInvoice,
  SupplierInvoiceFile,
  SupplierInvoiceLine,
  SupplierInvoicePayment,
  type SupplierInvoiceValidation,
  supplierInvoiceFormats,
  supplierInvoiceStatuses,
  supplierInvoiceTypes,
} from './entities/supplier-invoices.ts';
export { WebhookDelivery, WebhookDeliveryAttempt, WebhookEndpoint } from './entities/webhooks.ts';
export { Workspace, type WorkspaceAddress } from './entities/workspaces.ts';

export const entities = [
  Workspace,
  ApiKey,
  Company,
  Contact,
  Product,
  WorkspaceProductCount,
  WorkspaceListCount,
  Opportunity,
  DocumentSequence,
  Invoice,
  InvoiceLine,
  InvoicePayment,
  Quote,
  QuoteLine,
  RenderedDocument,
  StockMovement,
  IdempotencyKey,
  DomainEvent,
  WebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  SupplierInvoice,
  SupplierInvoiceLine,
  SupplierInvoiceFile,
  SupplierInvoicePayment,
  EinvoiceStatusOutbox,
  EinvoicingConnection,
  EinvoiceSubmission,
  EinvoiceStatusChange,
  User,
  Session,
  Account,
  Verification,
  Membership,
  Invitation,
];
