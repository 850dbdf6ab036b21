import { defineEntity, p } from '@mikro-orm/core';
import {
  paymentMethods,
  supplierInvoiceFormats,
  supplierInvoiceStatuses,
  supplierInvoiceTypes,
} from '../enums.ts';
import { createdAt, id, money, newestFirst, percent, quantity, updatedAt } from './columns.ts';
import type { TaxEntry } from './documents.ts';
import { workspaceId } from './workspaces.ts';

export { supplierInvoiceFormats, supplierInvoiceStatuses, supplierInvoiceTypes };

/** The CEN EN 16931 rules' verdict on the file, as read: the broken rules (warnings pass). */
export interface SupplierInvoiceValidation {
  valid: boolean;
  failedRules: { id: string; message: string }[];
}

/** What a stock reception applied, kept so that a second one answers it and applies nothing. */
export interface StoredStockReception {
  receivedAt: string;
  applied: {
    line: number;
    productId: string;
    before: number;
    after: number;
    delta: number;
    movementId: string;
  }[];
  errors: { line: number; productId: string; error: string }[];
}

// Also in the database, not expressible here (see database-only.ts): the same-workspace foreign
// key (workspace_id, supplier_company_id) -> companies (workspace_id, id).
export const SupplierInvoice = defineEntity({
  name: 'SupplierInvoice',
  tableName: 'supplier_invoices',
  properties: {
    id: id(),
    workspaceId: workspaceId('supplier_invoices'),
    // the platform's flow it came in: a flow fetched twice is one record
    flowId: p.text(),
    // a text column with a check constraint listing the values (supplier_invoices_status_check)
    status: p.enum(supplierInvoiceStatuses),
    // null when the file could not be read, as is every field read from it
    format: p.enum(supplierInvoiceFormats).nullable(),
    type: p.enum(supplierInvoiceTypes).nullable(),
    supplierCompanyId: p.text().nullable(),
    supplierName: p.text().nullable(),
    supplierSiren: p.text().nullable(),
    supplierVatNumber: p.text().nullable(),
    number: p.text().nullable(),
    issuedAt: p.datetime().nullable(),
    dueAt: p.datetime().nullable(),
    currency: p.text().nullable(),
    // EN 16931 totals as the supplier wrote them: BT-106, BT-107 less BT-108, BG-23, BT-110,
    // BT-112, BT-113 and BT-115
    subtotal: money().nullable(),
    discountAmount: money().nullable(),
    taxes: p.json<TaxEntry[]>().nullable(),
    taxTotal: money().nullable(),
    total: money().nullable(),
    prepaidAmount: money().nullable(),
    amountDue: money().nullable(),
    paidAmount: money().default('0'),
    paidAt: p.datetime().nullable(),
    iban: p.text().nullable(),
    paymentTerms: p.text().nullable(),
    validation: p.json<SupplierInvoiceValidation>().nullable(),
    // a refusal's reason, or why the file could not be read
    reason: p.text().nullable(),
    receivedAt: p.datetime(),
    stockReception: p.json<StoredStockReception>().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  uniques: [
    { name: 'supplier_invoices_workspace_id_flow_id_key', properties: ['workspaceId', 'flowId'] },
    // the target of the lines', the file's and the payments' same-workspace foreign keys
    { name: 'supplier_invoices_workspace_id_id_key', properties: ['workspaceId', 'id'] },
  ],
  indexes: [
    newestFirst('supplier_invoices_workspace_idx'),
    newestFirst('supplier_invoices_workspace_status_idx', 'status'),
  ],
});

// Also in the database, not expressible here (see database-only.ts): the same-workspace foreign
// keys (workspace_id, supplier_invoice_id) -> supplier_invoices and (workspace_id, product_id) ->
// products.
export const SupplierInvoiceLine = defineEntity({
  name: 'SupplierInvoiceLine',
  tableName: 'supplier_invoice_lines',
  properties: {
    id: id(),
    workspaceId: p.text(),
    supplierInvoiceId: p.text(),
    position: p.integer(),
    description: p.text(),
    quantity: quantity(),
    unitPrice: quantity().nullable(),
    unitCode: p.text().nullable(),
    taxRate: percent().nullable(),
    taxCategory: p.text().nullable(),
    netAmount: money(),
    sellerItemId: p.text().nullable(),
    standardItemId: p.text().nullable(),
    standardItemScheme: p.text().nullable(),
    // the product of ours the line names (by reference or barcode), if any
    productId: p.text().nullable(),
  },
  uniques: [
    {
      name: 'supplier_invoice_lines_supplier_invoice_id_position_key',
      properties: ['supplierInvoiceId', 'position'],
    },
  ],
});

/**
 * The file as received, byte for byte, with its SHA-256 (hex), never updated. One per supplier
 * invoice (its id is the invoice's). Also in the database, not expressible here (see
 * database-only.ts): the same-workspace foreign key (workspace_id, supplier_invoice_id).
 */
export const SupplierInvoiceFile = defineEntity({
  name: 'SupplierInvoiceFile',
  tableName: 'supplier_invoice_files',
  properties: {
    supplierInvoiceId: p.text().primary(),
    workspaceId: p.text(),
    content: p.blob(),
    // as the sender declared it, if it did
    declaredContentType: p.text().nullable(),
    // what the bytes are (application/pdf, application/xml, application/octet-stream): served
    contentType: p.text(),
    fileName: p.text(),
    sha256: p.text(),
    createdAt: createdAt(),
  },
});

// Also in the database, not expressible here (see database-only.ts): the same-workspace foreign
// key (workspace_id, supplier_invoice_id) -> supplier_invoices (workspace_id, id).
export const SupplierInvoicePayment = defineEntity({
  name: 'SupplierInvoicePayment',
  tableName: 'supplier_invoice_payments',
  properties: {
    id: id(),
    workspaceId: p.text(),
    supplierInvoiceId: p.text(),
    amount: money().check('amount > 0'),
    paidAt: p.datetime(),
    // a text column with a check constraint listing the values (supplier_invoice_payments_method_check)
    method: p.enum(paymentMethods),
    reference: p.text().nullable(),
    createdAt: createdAt(),
  },
  indexes: [
    {
      name: 'supplier_invoice_payments_invoice_idx',
      properties: ['supplierInvoiceId', 'paidAt', 'id'],
    },
  ],
});
