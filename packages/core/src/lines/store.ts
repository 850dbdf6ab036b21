import {
  type Database,
  type EntityManager,
  kysely,
  newId,
  reusedStatement,
  type TaxEntry,
} from '@comptoir/db';
import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { DocumentLineView, LineCreate } from './schemas.ts';
import { type DocumentAmounts, lineNetAmount } from './totals.ts';

export type DocumentKind = 'invoice' | 'quote';

/** Where each kind of document keeps its lines. */
const lineTables = {
  invoice: { table: 'invoice_lines', parent: 'invoice_id', idKind: 'invoiceLine' },
  quote: { table: 'quote_lines', parent: 'quote_id', idKind: 'quoteLine' },
} as const satisfies Record<DocumentKind, { table: keyof Database; parent: string; idKind: string }>;

/** The rows of a document's lines, in order, each with its net amount rounded to the cent. */
function lineRecords(
  kind: DocumentKind,
  workspaceId: string,
  documentId: string,
  lines: readonly LineCreate[],
) {
  const { parent, idKind } = lineTables[kind];
  return lines.map((line, position) => ({
    id: newId(idKind),
    workspace_id: workspaceId,
    [parent]: documentId,
    position,
    description: line.title,
    quantity: String(line.quantity),
    unit_price: String(line.unitPrice),
    unit: line.unit ?? null,
    discount_percent: String(line.discountPercent ?? 0),
    tax_rate: String(line.taxRate),
    net_amount: lineNetAmount(line).toString(),
  }));
}

/**
 * The insert of a document's lines, in order.
 *
 * SQL, not Kysely's insert: the rows go as ONE jsonb parameter unpacked by jsonb_to_recordset,
 * whatever their number (a 100-line document would otherwise bind 1,100 parameters), and the
 * fragment is also a CTE of the invoice creation statement.
 */
export function linesInsert(
  kind: DocumentKind,
  workspaceId: string,
  documentId: string,
  lines: readonly LineCreate[],
): RawBuilder<unknown> {
  return documentsLinesInsert(kind, workspaceId, [{ documentId, lines }]);
}

/** The insert of the lines of several documents at once, each document's in order (see linesInsert). */
export function documentsLinesInsert(
  kind: DocumentKind,
  workspaceId: string,
  documents: readonly { documentId: string; lines: readonly LineCreate[] }[],
): RawBuilder<unknown> {
  const { table, parent } = lineTables[kind];
  const records = documents.flatMap(({ documentId, lines }) =>
    lineRecords(kind, workspaceId, documentId, lines),
  );
  const columns = sql.raw(
    `id, workspace_id, ${parent}, position, description, quantity, unit_price, unit, discount_percent, tax_rate, net_amount`,
  );
  return sql`insert into ${sql.raw(table)} (${columns})
     select ${columns} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as t(id text, workspace_id text,
       ${sql.raw(parent)} text, position int, description text, quantity numeric, unit_price numeric, unit text,
       discount_percent numeric, tax_rate numeric, net_amount numeric)`;
}

/** Stores a document's lines in one statement (see linesInsert). */
export async function insertLines(
  tx: EntityManager,
  kind: DocumentKind,
  workspaceId: string,
  documentId: string,
  lines: readonly LineCreate[],
): Promise<void> {
  await linesInsert(kind, workspaceId, documentId, lines).execute(kysely(tx));
}

/** Removes every line of a document (an update replaces them all). */
export async function deleteLines(tx: EntityManager, kind: DocumentKind, documentId: string): Promise<void> {
  const db = kysely(tx);
  if (kind === 'invoice') await db.deleteFrom('invoice_lines').where('invoice_id', '=', documentId).execute();
  else await db.deleteFrom('quote_lines').where('quote_id', '=', documentId).execute();
}

type LineRow = Selectable<Database['invoice_lines']> | Selectable<Database['quote_lines']>;

// A document's read runs its lines' statement on every GET: compiled once per kind.
const linesOf = {
  invoice: reusedStatement<[invoiceId: string], Selectable<Database['invoice_lines']>>(1, (db, id = '') =>
    db.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', id).orderBy('position'),
  ),
  quote: reusedStatement<[quoteId: string], Selectable<Database['quote_lines']>>(1, (db, id = '') =>
    db.selectFrom('quote_lines').selectAll().where('quote_id', '=', id).orderBy('position'),
  ),
} as const satisfies Record<DocumentKind, unknown>;

/** A document's lines, in order, as reads show them. */
export async function documentLines(
  em: EntityManager,
  kind: DocumentKind,
  documentId: string,
): Promise<DocumentLineView[]> {
  return (await linesOf[kind].run(em, documentId)).map(documentLineView);
}

/** A stored line as reads show it. */
function documentLineView(line: LineRow): DocumentLineView {
  return {
    id: line.id,
    position: line.position,
    description: line.description,
    quantity: Number(line.quantity),
    unitPrice: Number(line.unit_price),
    unit: line.unit,
    discountPercent: Number(line.discount_percent),
    taxRate: Number(line.tax_rate),
    netAmount: Number(line.net_amount),
  };
}

/** A stored line in the create shape: what a conversion or a credit note copies. */
export function lineToCreate(line: DocumentLineView): LineCreate {
  return {
    title: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    taxRate: line.taxRate,
    ...(line.unit === null ? {} : { unit: line.unit }),
    discountPercent: line.discountPercent,
  };
}

/** A document's stored amounts (invoices and quotes alike), as the columns take them. */
export function amountsColumns(amounts: DocumentAmounts) {
  return {
    subtotal: String(amounts.subtotal),
    discount_amount: String(amounts.discountAmount),
    // jsonb, not a SQL array
    taxes: sql<TaxEntry[]>`${JSON.stringify(amounts.taxes)}::jsonb`,
    tax_total: String(amounts.taxTotal),
    total: String(amounts.total),
  };
}

/** A document's stored amounts, read back from its columns. */
export function amountsOfRow(row: {
  subtotal: string;
  discount_amount: string;
  taxes: TaxEntry[];
  tax_total: string;
  total: string;
}): DocumentAmounts {
  return {
    subtotal: Number(row.subtotal),
    discountAmount: Number(row.discount_amount),
    taxes: row.taxes,
    taxTotal: Number(row.tax_total),
    total: Number(row.total),
  };
}
