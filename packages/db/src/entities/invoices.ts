import { defineEntity, p } from '@mikro-orm/core';
import {
  invoiceStatuses,
  invoiceTypes,
  operationCategories,
  paymentMethods,
  vatExemptionCodes,
} from '../enums.ts';
import { createdAt, id, money, newestFirst, percent, searchColumn, updatedAt } from './columns.ts';
import { documentAmountProperties, documentLineProperties } from './documents.ts';
import { einvoiceStatuses } from './einvoicing-statuses.ts';
import { workspaceId } from './workspaces.ts';

export { invoiceStatuses, invoiceTypes, operationCategories, paymentMethods, vatExemptionCodes };

// Also in the database, not expressible here (see database-only.ts): the same-workspace foreign
// keys (workspace_id, credited_invoice_id) and (workspace_id, credit_note_id) -> invoices, and the
// trigram search index invoices_search_idx on (workspace_id, search_text).
export const Invoice = defineEntity({
  name: 'Invoice',
  tableName: 'invoices',
  properties: {
    id: id(),
    workspaceId: workspaceId('invoices'),
    // set in the creating transaction, as its last write (numbering)
    number: p.text().nullable(),
    title: p.text(),
    status: p.enum(invoiceStatuses).default('DRAFT'),
    // a text column with a check constraint listing the values (invoices_type_check)
    type: p.enum(invoiceTypes).default('invoice'),
    clientName: p.text(),
    clientCompany: p.text().nullable(),
    clientEmail: p.text(),
    // the buyer as a legal invoice names it (rulings: "Documents"); the address's lines are
    // separated by newlines
    clientAddress: p.text().nullable(),
    clientPostalCode: p.text().nullable(),
    clientCity: p.text().nullable(),
    clientCountryCode: p.text().default('FR'),
    clientSiren: p.text().nullable(),
    clientVatNumber: p.text().nullable(),
    // null when the goods or services are delivered at the buyer's address
    deliveryAddress: p.text().nullable(),
    // a text column with a check constraint listing the values (invoices_operation_category_check)
    operationCategory: p.enum(operationCategories).default('services'),
    // the day the goods were delivered or the service done (EN 16931 BT-72), when it is known
    deliveryDate: p.date().nullable(),
    // a text column with a check constraint listing the values (invoices_vat_exemption_check)
    vatExemption: p.enum(vatExemptionCodes).nullable(),
    currency: p.text().default('EUR'),
    taxRate: percent().default('0'),
    discountPercent: percent().default('0'),
    reverseCharge: p.boolean().default(false),
    ...documentAmountProperties(),
    issuedAt: p.datetime().nullable(),
    dueAt: p.datetime().nullable(),
    paidAt: p.datetime().nullable(),
    paidAmount: money().default('0'),
    // a credit note names the invoice it cancels; that invoice names its credit note
    creditedInvoiceId: p.text().nullable(),
    creditNoteId: p.text().nullable(),
    // where the e-invoicing platform stands on it (entities/einvoicing.ts); null when the workspace
    // had no platform connection when it was issued
    einvoiceStatus: p.enum(einvoiceStatuses).nullable(),
    einvoiceFlowId: p.text().nullable(),
    einvoiceStatusAt: p.datetime().nullable(),
    einvoiceReason: p.text().nullable(),
    // What `q` searches, folded (searchColumn): the number, the client's name and company.
    searchText: searchColumn(
      `comptoir_fold(((((COALESCE(number, ''::text) || '\x1f'::text) || client_name) || '\x1f'::text) || COALESCE(client_company, ''::text)))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  uniques: [
    { name: 'invoices_workspace_id_number_key', properties: ['workspaceId', 'number'] },
    { name: 'invoices_workspace_id_id_key', properties: ['workspaceId', 'id'] },
  ],
  indexes: [
    newestFirst('invoices_workspace_idx'),
    newestFirst('invoices_workspace_status_idx', 'status'),
    // what the worker's overdue sweep reads
    { name: 'invoices_overdue_idx', properties: ['dueAt'], where: { status: { $in: ['SENT', 'PARTIAL'] } } },
    // what the e-invoicing sweep reads: issued documents still waiting for their submission
    {
      name: 'invoices_einvoice_pending_idx',
      properties: ['workspaceId'],
      where: { einvoiceStatus: 'pending' },
    },
    // the latest issue date invoices.send compares with (max(issued_at) of the issued invoices)
    {
      name: 'invoices_issued_idx',
      properties: ['workspaceId', 'issuedAt'],
      where: { type: 'invoice', status: { $ne: 'DRAFT' } },
    },
    // covering, what the dashboard's receivables read from the index alone: the balances of the
    // workspace's unpaid issued invoices, and the revenue of its issued documents by issue date
    {
      name: 'invoices_owed_idx',
      properties: ['workspaceId', 'status'],
      include: ['type', 'currency', 'total', 'paidAmount', 'dueAt'],
      where: { status: { $in: ['SENT', 'PARTIAL', 'OVERDUE'] } },
    },
    {
      name: 'invoices_revenue_idx',
      properties: ['workspaceId', 'issuedAt'],
      include: ['type', 'currency', 'total', 'taxTotal'],
      where: { status: { $ne: 'DRAFT' } },
    },
  ],
});

// Also in the database, not expressible here (see database-only.ts): the same-workspace foreign
// key (workspace_id, invoice_id) -> invoices (workspace_id, id). workspace_id has no foreign key
// of its own here: the composite one covers it.
export const InvoiceLine = defineEntity({
  name: 'InvoiceLine',
  tableName: 'invoice_lines',
  properties: {
    id: id(),
    workspaceId: p.text(),
    invoiceId: p.text(),
    ...documentLineProperties(),
  },
  uniques: [{ name: 'invoice_lines_invoice_id_position_key', properties: ['invoiceId', 'position'] }],
});

// Also in the database, not expressible here (see database-only.ts): the same-workspace foreign
// key (workspace_id, invoice_id) -> invoices (workspace_id, id).
export const InvoicePayment = defineEntity({
  name: 'InvoicePayment',
  tableName: 'invoice_payments',
  properties: {
    id: id(),
    workspaceId: p.text(),
    invoiceId: p.text(),
    amount: money().check('amount > 0'),
    paidAt: p.datetime(),
    // a text column with a check constraint listing the values (invoice_payments_method_check)
    method: p.enum(paymentMethods),
    reference: p.text().nullable(),
    createdAt: createdAt(),
  },
  indexes: [{ name: 'invoice_payments_invoice_idx', properties: ['invoiceId', 'paidAt', 'id'] }],
});
