import {
  type Database,
  type EntityManager,
  isIdOf,
  kysely,
  newId,
  type StoredStockReception,
  type SupplierInvoiceValidation,
  type TaxEntry,
  toIso,
  toIsoOrNull,
} from '@comptoir/db';
import { Decimal } from 'decimal.js';
import { type Selectable, sql } from 'kysely';
import type { PaymentInput, PaymentView } from '../invoices/schemas.ts';
import { paymentView } from '../invoices/store.ts';
import { type ListPage, likeContains } from '../paging/index.ts';
import { selectPage } from '../paging/select-page.ts';
import {
  type StockReceptionView,
  type SupplierInvoiceDetailView,
  type SupplierInvoiceLineView,
  type SupplierInvoiceListQuery,
  type SupplierInvoiceView,
  stockReceptionSchema,
} from './schemas.ts';

// The only queries of supplier invoices, and their rows as reads show them.

export type SupplierInvoiceRow = Selectable<Database['supplier_invoices']>;

/** The transaction's start time: every statement of a transaction sees the same `now()`. */
const transactionStart = sql<Date>`now()`;

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** Whether the invoice asks for a payment: an invoice (not a credit note) not refused nor unreadable. */
function owes(row: Pick<SupplierInvoiceRow, 'type' | 'status'>): boolean {
  return row.type === 'invoice' && row.status !== 'refused' && row.status !== 'unreadable';
}

/** What is left to pay: the amount due (BT-115) less the payments recorded. */
export function balanceOf(row: Pick<SupplierInvoiceRow, 'amount_due' | 'paid_amount'>): Decimal {
  return new Decimal(row.amount_due ?? 0).minus(row.paid_amount);
}

export function supplierInvoiceView(row: SupplierInvoiceRow): SupplierInvoiceView {
  const totals =
    row.total === null
      ? null
      : {
          subtotal: Number(row.subtotal ?? 0),
          discountAmount: Number(row.discount_amount ?? 0),
          taxes: row.taxes ?? [],
          total: Number(row.total),
          paid: new Decimal(row.prepaid_amount ?? 0).plus(row.paid_amount).toNumber(),
          balance: owes(row) ? balanceOf(row).toNumber() : 0,
        };
  return {
    id: row.id,
    status: row.status,
    format: row.format,
    type: row.type,
    supplierCompanyId: row.supplier_company_id,
    supplierName: row.supplier_name,
    supplierSiren: row.supplier_siren,
    supplierVatNumber: row.supplier_vat_number,
    number: row.number,
    issuedAt: toIsoOrNull(row.issued_at),
    dueAt: toIsoOrNull(row.due_at),
    currency: row.currency,
    totals,
    paidAmount: Number(row.paid_amount),
    paidAt: toIsoOrNull(row.paid_at),
    iban: row.iban,
    paymentTerms: row.payment_terms,
    validation: row.validation,
    reason: row.reason,
    flowId: row.flow_id,
    receivedAt: toIso(row.received_at),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** A page of the workspace's supplier invoices, newest first, of one status, matching `q`. */
export async function supplierInvoicePage(
  em: EntityManager,
  workspaceId: string,
  query: SupplierInvoiceListQuery,
): Promise<ListPage<SupplierInvoiceView>> {
  let matching = kysely(em).selectFrom('supplier_invoices').where('workspace_id', '=', workspaceId);
  if (query.status) matching = matching.where('status', '=', query.status);
  const q = query.q?.trim();
  if (q) {
    // comptoir_fold (unaccent + lower) is a function of the migrations: "societe" finds "Société".
    const folded = sql<string>`comptoir_fold(${likeContains(q)})`;
    matching = matching.where((eb) =>
      eb.or([
        eb(sql`comptoir_fold(coalesce(supplier_name, ''))`, 'like', folded),
        eb(sql`comptoir_fold(coalesce(number, ''))`, 'like', folded),
        eb(sql`comptoir_fold(coalesce(supplier_siren, ''))`, 'like', folded),
      ]),
    );
  }
  return selectPage(
    matching.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    query,
    supplierInvoiceView,
  );
}

/** A supplier invoice of the workspace, none for an id of another shape; `forUpdate` locks it. */
export async function findSupplierInvoiceRow(
  em: EntityManager,
  workspaceId: string,
  id: string,
  forUpdate = false,
): Promise<SupplierInvoiceRow | undefined> {
  if (!isIdOf('supplierInvoice', id)) return undefined;
  return kysely(em)
    .selectFrom('supplier_invoices')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .$if(forUpdate, (query) => query.forUpdate())
    .executeTakeFirst();
}

/** The record of a flow, if it was received already. */
export async function findByFlowId(
  em: EntityManager,
  workspaceId: string,
  flowId: string,
): Promise<SupplierInvoiceRow | undefined> {
  return kysely(em)
    .selectFrom('supplier_invoices')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('flow_id', '=', flowId)
    .executeTakeFirst();
}

/**
 * Serialises the receipts of one flow until the transaction ends: two deliveries of the same
 * flow (a webhook and a poll racing) make one record.
 */
export async function lockFlow(tx: EntityManager, workspaceId: string, flowId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('supplier-invoice-flow'), hashtext(${`${workspaceId} ${flowId}`}))`.execute(
    kysely(tx),
  );
}

/** A supplier invoice's lines, in order, as reads show them. */
export async function supplierInvoiceLines(
  em: EntityManager,
  supplierInvoiceId: string,
): Promise<SupplierInvoiceLineView[]> {
  const rows = await kysely(em)
    .selectFrom('supplier_invoice_lines')
    .selectAll()
    .where('supplier_invoice_id', '=', supplierInvoiceId)
    .orderBy('position')
    .execute();
  return rows.map((line) => ({
    id: line.id,
    position: line.position,
    description: line.description,
    quantity: Number(line.quantity),
    unitPrice: numberOrNull(line.unit_price),
    unitCode: line.unit_code,
    taxRate: numberOrNull(line.tax_rate),
    netAmount: Number(line.net_amount),
    sellerItemId: line.seller_item_id,
    standardItemId: line.standard_item_id,
    productId: line.product_id,
  }));
}

/** The detail of a supplier invoice: its lines, payments, file and stock reception. */
export async function supplierInvoiceDetail(
  em: EntityManager,
  row: SupplierInvoiceRow,
): Promise<SupplierInvoiceDetailView> {
  const payments = await kysely(em)
    .selectFrom('supplier_invoice_payments')
    .selectAll()
    .where('supplier_invoice_id', '=', row.id)
    .orderBy('paid_at')
    .orderBy('id')
    .execute();
  const file = await kysely(em)
    .selectFrom('supplier_invoice_files')
    .select(['file_name', 'content_type', 'sha256', sql<number>`octet_length(content)`.as('size')])
    .where('supplier_invoice_id', '=', row.id)
    .executeTakeFirstOrThrow();
  return {
    ...supplierInvoiceView(row),
    lines: await supplierInvoiceLines(em, row.id),
    payments: payments.map((payment) => paymentView({ ...payment, invoice_id: payment.supplier_invoice_id })),
    original: {
      fileName: file.file_name,
      contentType: file.content_type,
      sha256: file.sha256,
      size: Number(file.size),
    },
    stockReception: row.stock_reception === null ? null : stockReceptionSchema.parse(row.stock_reception),
  };
}

/** The file as received. */
export async function supplierInvoiceFile(em: EntityManager, supplierInvoiceId: string) {
  return kysely(em)
    .selectFrom('supplier_invoice_files')
    .select(['content', 'content_type', 'file_name', 'sha256'])
    .where('supplier_invoice_id', '=', supplierInvoiceId)
    .executeTakeFirstOrThrow();
}

/** What a received supplier invoice stores, read from its file. */
export interface NewSupplierInvoice {
  id: string;
  flowId: string;
  status: 'received' | 'unreadable';
  format: SupplierInvoiceRow['format'];
  type: SupplierInvoiceRow['type'];
  supplierCompanyId: string | null;
  supplierName: string | null;
  supplierSiren: string | null;
  supplierVatNumber: string | null;
  number: string | null;
  issuedAt: string | null;
  dueAt: string | null;
  currency: string | null;
  amounts: {
    subtotal: string;
    discountAmount: string;
    taxes: TaxEntry[];
    taxTotal: string;
    total: string;
    prepaid: string;
    amountDue: string;
  } | null;
  iban: string | null;
  paymentTerms: string | null;
  validation: SupplierInvoiceValidation | null;
  reason: string | null;
  receivedAt: Date;
}

export interface NewSupplierInvoiceLine {
  description: string;
  quantity: string;
  unitPrice: string | null;
  unitCode: string | null;
  taxRate: string | null;
  taxCategory: string | null;
  netAmount: string;
  sellerItemId: string | null;
  standardItemId: string | null;
  standardItemScheme: string | null;
  productId: string | null;
}

export interface NewSupplierFile {
  content: Uint8Array;
  declaredContentType: string | null;
  contentType: string;
  fileName: string;
  sha256: string;
}

/** Inserts a supplier invoice, its lines and its file; answers the invoice as stored. */
export async function insertSupplierInvoice(
  tx: EntityManager,
  workspaceId: string,
  invoice: NewSupplierInvoice,
  lines: readonly NewSupplierInvoiceLine[],
  file: NewSupplierFile,
): Promise<SupplierInvoiceRow> {
  const db = kysely(tx);
  const { amounts } = invoice;
  const row = await db
    .insertInto('supplier_invoices')
    .values({
      id: invoice.id,
      workspace_id: workspaceId,
      flow_id: invoice.flowId,
      status: invoice.status,
      format: invoice.format,
      type: invoice.type,
      supplier_company_id: invoice.supplierCompanyId,
      supplier_name: invoice.supplierName,
      supplier_siren: invoice.supplierSiren,
      supplier_vat_number: invoice.supplierVatNumber,
      number: invoice.number,
      issued_at: invoice.issuedAt === null ? null : new Date(invoice.issuedAt),
      due_at: invoice.dueAt === null ? null : new Date(invoice.dueAt),
      currency: invoice.currency,
      subtotal: amounts?.subtotal ?? null,
      discount_amount: amounts?.discountAmount ?? null,
      // jsonb, not a SQL array
      taxes: amounts === null ? null : sql<TaxEntry[]>`${JSON.stringify(amounts.taxes)}::jsonb`,
      tax_total: amounts?.taxTotal ?? null,
      total: amounts?.total ?? null,
      prepaid_amount: amounts?.prepaid ?? null,
      amount_due: amounts?.amountDue ?? null,
      iban: invoice.iban,
      payment_terms: invoice.paymentTerms,
      validation:
        invoice.validation === null
          ? null
          : sql<SupplierInvoiceValidation>`${JSON.stringify(invoice.validation)}::jsonb`,
      reason: invoice.reason,
      received_at: invoice.receivedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (lines.length > 0) {
    // One jsonb parameter whatever the number of lines (like documents' lines: lines/store.ts).
    const records = lines.map((line, position) => ({
      id: newId('supplierInvoiceLine'),
      workspace_id: workspaceId,
      supplier_invoice_id: invoice.id,
      position,
      description: line.description,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      unit_code: line.unitCode,
      tax_rate: line.taxRate,
      tax_category: line.taxCategory,
      net_amount: line.netAmount,
      seller_item_id: line.sellerItemId,
      standard_item_id: line.standardItemId,
      standard_item_scheme: line.standardItemScheme,
      product_id: line.productId,
    }));
    const columns = sql.raw(
      'id, workspace_id, supplier_invoice_id, position, description, quantity, unit_price, unit_code, tax_rate, tax_category, net_amount, seller_item_id, standard_item_id, standard_item_scheme, product_id',
    );
    await sql`insert into supplier_invoice_lines (${columns})
      select ${columns} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as t(id text, workspace_id text,
        supplier_invoice_id text, position int, description text, quantity numeric, unit_price numeric, unit_code text,
        tax_rate numeric, tax_category text, net_amount numeric, seller_item_id text, standard_item_id text,
        standard_item_scheme text, product_id text)`.execute(db);
  }
  await db
    .insertInto('supplier_invoice_files')
    .values({
      supplier_invoice_id: invoice.id,
      workspace_id: workspaceId,
      content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
      declared_content_type: file.declaredContentType,
      content_type: file.contentType,
      file_name: file.fileName,
      sha256: file.sha256,
    })
    .execute();
  return row;
}

/** The oldest company of the workspace with this SIREN (a SIRET starting with it), else this VAT number. */
export async function findSupplierCompany(
  em: EntityManager,
  workspaceId: string,
  identifiers: { siren: string | null; vatNumber: string | null },
): Promise<{ id: string; isSupplier: boolean } | undefined> {
  const { siren, vatNumber } = identifiers;
  const oldest = (where: 'siren' | 'vat') =>
    kysely(em)
      .selectFrom('companies')
      .select(['id', 'is_supplier'])
      .where('workspace_id', '=', workspaceId)
      .where((eb) =>
        where === 'siren'
          ? eb.or([eb('siret', '=', siren), eb(sql`left(siret, 9)`, '=', siren)])
          : eb(
              sql`upper(regexp_replace(vat_number, '\\s+', '', 'g'))`,
              '=',
              vatNumber?.replace(/\s+/g, '').toUpperCase(),
            ),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  const found =
    (siren !== null && /^\d{9}$/.test(siren) ? await oldest('siren') : undefined) ??
    (vatNumber !== null ? await oldest('vat') : undefined);
  return found && { id: found.id, isSupplier: found.is_supplier };
}

/** The workspace's live products whose reference or barcode is one of `identifiers`. */
export async function productsNamed(
  em: EntityManager,
  workspaceId: string,
  identifiers: readonly string[],
): Promise<{ id: string; reference: string | null; barcode: string | null }[]> {
  if (identifiers.length === 0) return [];
  return kysely(em)
    .selectFrom('products')
    .select(['id', 'reference', 'barcode'])
    .where('workspace_id', '=', workspaceId)
    .where('archived_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('reference', '=', eb.fn.any(eb.val([...identifiers]))),
        eb('barcode', '=', eb.fn.any(eb.val([...identifiers]))),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Changes the status (and the reason, when given). */
export async function setStatus(
  tx: EntityManager,
  id: string,
  status: SupplierInvoiceRow['status'],
  changes: { reason?: string; paidAt?: Date | string } = {},
): Promise<SupplierInvoiceRow> {
  return kysely(tx)
    .updateTable('supplier_invoices')
    .set({
      status,
      ...(changes.reason === undefined ? {} : { reason: changes.reason }),
      ...(changes.paidAt === undefined ? {} : { paid_at: new Date(changes.paidAt) }),
      updated_at: transactionStart,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Stores a payment of a supplier invoice, paid at `paidAt` or now, and returns it. */
export async function insertSupplierPayment(
  tx: EntityManager,
  workspaceId: string,
  supplierInvoiceId: string,
  payment: PaymentInput,
): Promise<PaymentView> {
  const row = await kysely(tx)
    .insertInto('supplier_invoice_payments')
    .values({
      id: newId('supplierPayment'),
      workspace_id: workspaceId,
      supplier_invoice_id: supplierInvoiceId,
      amount: String(payment.amount),
      paid_at: payment.paidAt === undefined ? transactionStart : new Date(payment.paidAt),
      method: payment.method,
      reference: payment.reference ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return paymentView({ ...row, invoice_id: row.supplier_invoice_id });
}

/** The new paid amount, and the status and `paidAt` when it is paid in full. */
export async function settleSupplierInvoice(
  tx: EntityManager,
  id: string,
  settlement: { paidAmount: string; paid: { at: string } | null },
): Promise<SupplierInvoiceRow> {
  return kysely(tx)
    .updateTable('supplier_invoices')
    .set({
      paid_amount: settlement.paidAmount,
      ...(settlement.paid ? { status: 'paid' as const, paid_at: new Date(settlement.paid.at) } : {}),
      updated_at: transactionStart,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The lines' products, matched anew (the lines that had none). */
export async function setLineProducts(
  tx: EntityManager,
  supplierInvoiceId: string,
  products: readonly { position: number; productId: string }[],
): Promise<void> {
  for (const { position, productId } of products) {
    await kysely(tx)
      .updateTable('supplier_invoice_lines')
      .set({ product_id: productId })
      .where('supplier_invoice_id', '=', supplierInvoiceId)
      .where('position', '=', position)
      .execute();
  }
}

/** Keeps what a stock reception applied: a second one answers it. */
export async function saveStockReception(
  tx: EntityManager,
  id: string,
  reception: StockReceptionView,
): Promise<void> {
  const stored: StoredStockReception = reception;
  await kysely(tx)
    .updateTable('supplier_invoices')
    .set({
      stock_reception: sql<StoredStockReception>`${JSON.stringify(stored)}::jsonb`,
      updated_at: transactionStart,
    })
    .where('id', '=', id)
    .execute();
}
