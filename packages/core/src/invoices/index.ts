import { type EntityManager, inTransaction, isIdOf, newId, toIso, toIsoOrNull } from '@comptoir/db';
import { type DocumentTotals, documentTotals, insertLines, numberDocument } from '../documents/index.ts';
import { notFound } from '../errors/index.ts';
import { recordEvent } from '../events/index.ts';
import { type ListResult, listPage } from '../lists/index.ts';
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
): Promise<ListResult<InvoiceView>> {
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

/**
 * Creates a DRAFT invoice with the next number of the year, its lines and EN 16931 totals,
 * and records `invoice.created`, all in one transaction.
 */
export async function createInvoice(
  em: EntityManager,
  workspaceId: string,
  input: InvoiceCreate,
): Promise<InvoiceView> {
  const data = invoiceCreateSchema.parse(input);
  const lines = data.lines;
  const totals = documentTotals(lines);
  const [first] = lines;
  if (!first) throw new Error('an invoice has at least one line');
  return inTransaction(em, async (tx) => {
    const id = newId('invoice');
    const [unnumbered] = await tx.execute<InvoiceRow[]>(
      `insert into invoices (id, workspace_id, title, client_name, client_email, currency, tax_rate,
                             subtotal, vat, tax_total, total, due_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, now() + make_interval(days => ?))
       returning ${invoiceColumns}`,
      [
        id,
        workspaceId,
        first.title,
        data.clientName,
        data.clientEmail,
        data.currency,
        String(first.taxRate),
        String(totals.subtotal),
        JSON.stringify(totals.vat),
        String(totals.taxTotal),
        String(totals.total),
        paymentTermDays,
      ],
    );
    await insertLines(tx, 'invoice', workspaceId, id, lines);
    if (!unnumbered) throw new Error('insert returned no invoice');
    // numberDocument writes the number into this event, in the statement that assigns it.
    const event = await recordEvent(tx, workspaceId, 'invoice.created', {
      ...invoiceView(unnumbered),
      number: null,
    });
    return invoiceView(
      await numberDocument<InvoiceRow>(tx, workspaceId, 'invoice', id, {
        returning: invoiceColumns,
        eventId: event.id,
      }),
    );
  });
}
