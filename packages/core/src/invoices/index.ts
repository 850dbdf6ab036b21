import { type EntityManager, isIdOf, newId, toIso, toIsoOrNull } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { eventInsert } from '../events/index.ts';
import { type DocumentTotals, documentTotals, linesInsert } from '../lines/index.ts';
import { documentNumberCte } from '../numbering/index.ts';
import { type ListPage, listPage } from '../paging/index.ts';
import {
  type InvoiceCreate,
  type InvoiceDetailView,
  type InvoiceListQuery,
  type InvoiceView,
  invoiceCreateSchema,
} from './schemas.ts';

export * from './schemas.ts';

interface InvoiceRow {
  id: string;
  number: string;
  title: string;
  status: InvoiceView['status'];
  type: string;
  client_name: string;
  client_company: string | null;
  client_email: string;
  currency: string;
  tax_rate: string;
  discount_percent: string;
  reverse_charge: boolean;
  subtotal: string;
  tax_total: string;
  total: string;
  vat: DocumentTotals['vat'];
  issued_at: Date | string | null;
  due_at: Date | string | null;
  paid_at: Date | string | null;
  paid_amount: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const invoiceColumns = `id, number, title, status, type, client_name, client_company, client_email, currency,
  tax_rate, discount_percent, reverse_charge, subtotal, vat, tax_total, total, issued_at, due_at, paid_at, paid_amount,
  created_at, updated_at`;

function invoiceView(row: InvoiceRow): InvoiceView {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    status: row.status,
    type: row.type,
    clientName: row.client_name,
    clientCompany: row.client_company,
    clientEmail: row.client_email,
    currency: row.currency,
    taxRate: Number(row.tax_rate),
    discountPercent: Number(row.discount_percent),
    reverseCharge: row.reverse_charge,
    issuedAt: toIsoOrNull(row.issued_at),
    dueAt: toIsoOrNull(row.due_at),
    paidAt: toIsoOrNull(row.paid_at),
    paidAmount: Number(row.paid_amount),
    totals: {
      subtotal: Number(row.subtotal),
      vat: row.vat,
      taxTotal: Number(row.tax_total),
      total: Number(row.total),
    },
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export async function listInvoices(
  em: EntityManager,
  workspaceId: string,
  query: InvoiceListQuery,
): Promise<ListPage<InvoiceView>> {
  let where = 'workspace_id = ?';
  const params: unknown[] = [workspaceId];
  if (query.status) {
    where += ' and status = ?';
    params.push(query.status);
  }
  return listPage<InvoiceRow, ReturnType<typeof invoiceView>>(
    em,
    { select: invoiceColumns, from: 'invoices', where, params, orderBy: 'created_at desc, id desc' },
    query,
    invoiceView,
  );
}

async function findInvoiceRow(em: EntityManager, workspaceId: string, id: string) {
  if (!isIdOf('invoice', id)) return undefined;
  const [row] = await em.execute<InvoiceRow[]>(
    `select ${invoiceColumns} from invoices where workspace_id = ? and id = ?`,
    [workspaceId, id],
  );
  return row;
}

export async function getInvoice(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<InvoiceDetailView> {
  const row = await findInvoiceRow(em, workspaceId, id);
  if (!row) throw notFound('Invoice');
  const lines = await em.execute<
    {
      id: string;
      position: number;
      title: string;
      quantity: string;
      unit_price: string;
      tax_rate: string;
      amount: string;
    }[]
  >(
    'select id, position, title, quantity, unit_price, tax_rate, amount from invoice_lines where invoice_id = ? order by position',
    [id],
  );
  return {
    ...invoiceView(row),
    lines: lines.map((line) => ({
      id: line.id,
      position: line.position,
      title: line.title,
      quantity: Number(line.quantity),
      unitPrice: Number(line.unit_price),
      taxRate: Number(line.tax_rate),
      amount: Number(line.amount),
    })),
  };
}

const paymentTermDays = 30;
const dayMs = 86_400_000;

/**
 * Creates a DRAFT invoice with the next number of the year, its lines and EN 16931 totals,
 * and records `invoice.created`, in one statement.
 *
 * Creations of a workspace queue on its counter row's lock, held from the numbering to the
 * commit. As one statement (autocommit outside a transaction), the lock is held for the
 * statement and its commit only, not across round trips to this process. So the record is
 * composed here, timestamps included, and the statement only completes it with its number.
 */
export async function createInvoice(
  em: EntityManager,
  workspaceId: string,
  input: InvoiceCreate,
): Promise<InvoiceView> {
  const data = invoiceCreateSchema.parse(input);
  const lines = data.lines;
  const [first] = lines;
  if (!first) throw new Error('an invoice has at least one line');
  const id = newId('invoice');
  const createdAt = new Date();
  const unnumbered: Omit<InvoiceView, 'number'> = {
    id,
    title: first.title,
    status: 'DRAFT',
    type: 'invoice',
    clientName: data.clientName,
    clientCompany: null,
    clientEmail: data.clientEmail,
    currency: data.currency,
    taxRate: first.taxRate,
    discountPercent: 0,
    reverseCharge: false,
    issuedAt: null,
    dueAt: new Date(createdAt.getTime() + paymentTermDays * dayMs).toISOString(),
    paidAt: null,
    paidAmount: 0,
    totals: documentTotals(lines),
    createdAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
  };
  const documentNumber = documentNumberCte('invoice', workspaceId);
  const linesPart = linesInsert('invoice', workspaceId, id, lines);
  const event = eventInsert(
    workspaceId,
    { type: 'invoice.created', data: unnumbered },
    { cte: 'invoice', completions: { number: 'invoice.number' } },
  );
  const { totals } = unnumbered;
  const [row] = await em.execute<{ number: string }[]>(
    `with ${documentNumber.sql},
     invoice as (
       insert into invoices (id, workspace_id, number, title, status, type, client_name, client_company,
                             client_email, currency, tax_rate, discount_percent, reverse_charge, subtotal, vat,
                             tax_total, total, issued_at, due_at, paid_at, paid_amount, created_at, updated_at)
       select ?, ?, document_number.assigned, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?
         from document_number
       returning number
     ),
     lines as (${linesPart.sql}),
     event as (${event.sql})
     select number from invoice`,
    [
      ...documentNumber.params,
      id,
      workspaceId,
      unnumbered.title,
      unnumbered.status,
      unnumbered.type,
      unnumbered.clientName,
      unnumbered.clientCompany,
      unnumbered.clientEmail,
      unnumbered.currency,
      String(unnumbered.taxRate),
      String(unnumbered.discountPercent),
      unnumbered.reverseCharge,
      String(totals.subtotal),
      JSON.stringify(totals.vat),
      String(totals.taxTotal),
      String(totals.total),
      unnumbered.issuedAt,
      unnumbered.dueAt,
      unnumbered.paidAt,
      String(unnumbered.paidAmount),
      unnumbered.createdAt,
      unnumbered.updatedAt,
      ...linesPart.params,
      ...event.params,
    ],
  );
  if (!row) throw new Error('the invoice insert returned no number');
  return { ...unnumbered, number: row.number };
}
