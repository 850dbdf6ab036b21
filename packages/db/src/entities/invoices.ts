import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, id, money, newestFirst, percent, quantity, updatedAt } from './columns.ts';
import type { VatEntry } from './documents.ts';
import { workspaceId } from './workspaces.ts';

export const invoiceStatuses = ['DRAFT', 'SENT', 'PARTIAL', 'PAID', 'OVERDUE', 'CANCELLED'] as const;

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
    type: p.text().default('invoice'),
    clientName: p.text(),
    clientCompany: p.text().nullable(),
    clientEmail: p.text(),
    currency: p.text().default('EUR'),
    taxRate: percent().default('0'),
    discountPercent: percent().default('0'),
    reverseCharge: p.boolean().default(false),
    subtotal: money(),
    vat: p.json<VatEntry[]>(),
    taxTotal: money(),
    total: money(),
    issuedAt: p.datetime().nullable(),
    dueAt: p.datetime().nullable(),
    paidAt: p.datetime().nullable(),
    paidAmount: money().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  uniques: [
    { name: 'invoices_workspace_id_number_key', properties: ['workspaceId', 'number'] },
    { name: 'invoices_workspace_id_id_key', properties: ['workspaceId', 'id'] },
  ],
  indexes: [newestFirst('invoices_workspace_idx'), newestFirst('invoices_workspace_status_idx', 'status')],
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
    position: p.integer(),
    title: p.text(),
    quantity: quantity().check('quantity > 0'),
    unitPrice: quantity().check('unit_price >= 0'),
    taxRate: percent(),
    amount: money(),
  },
  uniques: [{ name: 'invoice_lines_invoice_id_position_key', properties: ['invoiceId', 'position'] }],
});
