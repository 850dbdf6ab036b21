import { type EntityManager, runStatement } from '@comptoir/db';
import { type RawBuilder, sql } from 'kysely';
import { completedEventsInsert } from '../events/store.ts';
import type { LineCreate } from '../lines/schemas.ts';
import { documentsLinesInsert } from '../lines/store.ts';
import type { DocumentAmounts } from '../lines/totals.ts';
import { documentNumbersCte } from '../numbering/store.ts';
import type { InvoiceView } from './schemas.ts';

/** A composed invoice waiting for its number: what insertNumberedInvoices stores. */
export interface UnnumberedInvoice {
  invoice: Omit<InvoiceView, 'number'>;
  amounts: DocumentAmounts;
  lines: readonly LineCreate[];
  /** The id of its `invoice.created` event (ids sort in the order invoices are composed). */
  eventId: string;
}

/**
 * Stores composed invoices, their lines and their `invoice.created` events, with the next
 * numbers of the year in the order given, and returns those numbers in that order.
 *
 * ONE statement, kept as SQL (docs/benchmarks.md, "Invoice creation: one statement", "… in
 * batches"): its CTEs take the numbers (one increment of the counter for all of them), insert
 * the invoices, their lines and their events, whose data the statement completes with each
 * number. The counter's lock is held for that statement and its commit only. `alsoWrite` is one
 * more data-modifying statement run as a CTE of it, for a write that needs the invoice to exist
 * (a quote's link to it) without a round trip under the counter's lock.
 */
export async function insertNumberedInvoices(
  em: EntityManager,
  workspaceId: string,
  unnumbered: readonly UnnumberedInvoice[],
  alsoWrite?: RawBuilder<unknown>,
): Promise<string[]> {
  if (unnumbered.length === 0) return [];
  // Every invoice as one JSON record: the statement's text is the same for one or for many.
  const records = unnumbered.map(({ invoice, amounts, eventId }, index) => ({
    ordinal: index + 1,
    id: invoice.id,
    title: invoice.title,
    status: invoice.status,
    type: invoice.type,
    client_name: invoice.clientName,
    client_company: invoice.clientCompany,
    client_email: invoice.clientEmail,
    client_address: invoice.clientAddress,
    client_postal_code: invoice.clientPostalCode,
    client_city: invoice.clientCity,
    client_country_code: invoice.clientCountryCode,
    client_siren: invoice.clientSiren,
    client_vat_number: invoice.clientVatNumber,
    delivery_address: invoice.deliveryAddress,
    operation_category: invoice.operationCategory,
    delivery_date: invoice.deliveryDate,
    vat_exemption: invoice.vatExemption,
    currency: invoice.currency,
    tax_rate: String(invoice.taxRate),
    discount_percent: String(invoice.discountPercent),
    reverse_charge: invoice.reverseCharge,
    subtotal: String(amounts.subtotal),
    discount_amount: String(amounts.discountAmount),
    taxes: amounts.taxes,
    tax_total: String(amounts.taxTotal),
    total: String(amounts.total),
    issued_at: invoice.issuedAt,
    due_at: invoice.dueAt,
    paid_at: invoice.paidAt,
    paid_amount: String(invoice.paidAmount),
    created_at: invoice.createdAt,
    updated_at: invoice.updatedAt,
    event_id: eventId,
    event_data: invoice,
  }));
  const events = completedEventsInsert(workspaceId, 'invoice.created', {
    rows: sql`composed join invoice on invoice.id = composed.id`,
    completions: { number: 'invoice.number' },
  });
  const lines = documentsLinesInsert(
    'invoice',
    workspaceId,
    unnumbered.map(({ invoice, lines }) => ({ documentId: invoice.id, lines })),
  );
  const statement = sql<{
    number: string;
  }>`with ${documentNumbersCte('invoice', workspaceId, unnumbered.length)},
     composed as (
       select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(ordinal int, id text, title text,
         status text, type text, client_name text, client_company text, client_email text, client_address text,
         client_postal_code text, client_city text, client_country_code text, client_siren text,
         client_vat_number text, delivery_address text, operation_category text, delivery_date date,
         vat_exemption text, currency text, tax_rate numeric, discount_percent numeric, reverse_charge boolean,
         subtotal numeric, discount_amount numeric, taxes jsonb, tax_total numeric, total numeric,
         issued_at timestamptz, due_at timestamptz, paid_at timestamptz, paid_amount numeric,
         created_at timestamptz, updated_at timestamptz, event_id text, event_data jsonb)
     ),
     invoice as (
       insert into invoices (id, workspace_id, number, title, status, type, client_name, client_company,
                             client_email, client_address, client_postal_code, client_city,
                             client_country_code, client_siren, client_vat_number, delivery_address,
                             operation_category, delivery_date, vat_exemption, currency, tax_rate,
                             discount_percent, reverse_charge, subtotal, discount_amount, taxes, tax_total, total,
                             issued_at, due_at, paid_at, paid_amount, created_at, updated_at)
       select c.id, ${workspaceId}, n.assigned, c.title, c.status, c.type, c.client_name, c.client_company,
              c.client_email, c.client_address, c.client_postal_code, c.client_city, c.client_country_code,
              c.client_siren, c.client_vat_number, c.delivery_address, c.operation_category, c.delivery_date,
              c.vat_exemption, c.currency, c.tax_rate, c.discount_percent, c.reverse_charge, c.subtotal,
              c.discount_amount, c.taxes, c.tax_total, c.total, c.issued_at, c.due_at, c.paid_at, c.paid_amount,
              c.created_at, c.updated_at
         from composed c join document_numbers n on n.ordinal = c.ordinal
       returning id, number
     ),
     lines as (${lines}),
     event as (${events})${
       alsoWrite
         ? sql`,
     also_written as (${alsoWrite})`
         : sql``
     }
     select invoice.number from composed join invoice on invoice.id = composed.id order by composed.ordinal`;
  // Alone, the statement commits by itself and its text is the same for every batch (records,
  // lines and count are parameters): a named prepared statement spares PostgreSQL parsing and
  // planning it on every creation. In a transaction (a quote's conversion) it runs on the
  // transaction's connection as it is (runStatement).
  const rows = await runStatement(em, statement);
  if (rows.length !== unnumbered.length) {
    throw new Error(`the invoice insert numbered ${rows.length} of ${unnumbered.length} invoices`);
  }
  return rows.map((row) => row.number);
}
