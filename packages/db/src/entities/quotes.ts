import { defineEntity, p } from '@mikro-orm/core';
import { quoteStatuses } from '../enums.ts';
import { createdAt, id, newestFirst, percent, searchColumn, updatedAt } from './columns.ts';
import { documentAmountProperties, documentLineProperties } from './documents.ts';
import { workspaceId } from './workspaces.ts';

export { quoteStatuses };

// Also in the database, not expressible here (see database-only.ts): the same-workspace foreign
// keys (workspace_id, opportunity_id) -> opportunities, (workspace_id, contact_id) -> contacts and
// (workspace_id, invoice_id) -> invoices, and the trigram search index quotes_search_idx on
// (workspace_id, search_text).
export const Quote = defineEntity({
  name: 'Quote',
  tableName: 'quotes',
  properties: {
    id: id(),
    workspaceId: workspaceId('quotes'),
    number: p.text().nullable(),
    title: p.text(),
    status: p.enum(quoteStatuses).default('DRAFT'),
    clientName: p.text(),
    clientCompany: p.text().nullable(),
    clientEmail: p.text(),
    clientAddress: p.text().nullable(),
    clientSiret: p.text().nullable(),
    clientVatNumber: p.text().nullable(),
    currency: p.text().default('EUR'),
    taxRate: percent().default('0'),
    // `between 0 and 365` in the migration; PostgreSQL stores it as the two comparisons
    validityDays: p.integer().default(30).check('validity_days >= 0 and validity_days <= 365'),
    opportunityId: p.text().nullable(),
    contactId: p.text().nullable(),
    introText: p.text().nullable(),
    terms: p.text().nullable(),
    notes: p.text().nullable(),
    ...documentAmountProperties(),
    issuedAt: p.datetime().nullable(),
    sentAt: p.datetime().nullable(),
    signedAt: p.datetime().nullable(),
    // the invoice an ACCEPTED quote was converted into
    invoiceId: p.text().nullable(),
    // a deleted quote stays, out of the lists
    deletedAt: p.datetime().nullable(),
    // What `q` searches, folded (searchColumn): the number, the client's name and company.
    searchText: searchColumn(
      `comptoir_fold(((((COALESCE(number, ''::text) || '\x1f'::text) || client_name) || '\x1f'::text) || COALESCE(client_company, ''::text)))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  uniques: [
    { name: 'quotes_workspace_id_id_key', properties: ['workspaceId', 'id'] },
    { name: 'quotes_workspace_id_number_key', properties: ['workspaceId', 'number'] },
  ],
  indexes: [
    { ...newestFirst('quotes_workspace_idx'), where: { deletedAt: null } },
    { ...newestFirst('quotes_workspace_status_idx', 'status'), where: { deletedAt: null } },
    // what the worker's expiry sweep reads
    {
      name: 'quotes_expiry_idx',
      properties: ['sentAt'],
      where: { status: { $in: ['SENT', 'SENT_FOR_SIGNATURE'] } },
    },
  ],
});

// Also in the database, not expressible here (see database-only.ts): the same-workspace foreign
// key (workspace_id, quote_id) -> quotes (workspace_id, id).
export const QuoteLine = defineEntity({
  name: 'QuoteLine',
  tableName: 'quote_lines',
  properties: {
    id: id(),
    workspaceId: p.text(),
    quoteId: p.text(),
    ...documentLineProperties(),
  },
  uniques: [{ name: 'quote_lines_quote_id_position_key', properties: ['quoteId', 'position'] }],
});
