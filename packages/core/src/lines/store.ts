import { type Database, type EntityManager, kysely, newId } from '@comptoir/db';
import { type Insertable, type RawBuilder, sql } from 'kysely';
import type { LineCreate } from './schemas.ts';
import { lineAmount } from './totals.ts';

export type DocumentKind = 'invoice' | 'quote';

/** A line's columns but its document and its label, which each kind names its own way. */
function lineColumns(workspaceId: string, line: LineCreate, position: number) {
  return {
    workspace_id: workspaceId,
    position,
    quantity: String(line.quantity),
    unit_price: String(line.unitPrice),
    tax_rate: String(line.taxRate),
    amount: lineAmount(line).toString(),
  };
}

/** The rows of a document's lines, in order; quotes store the line's `title` as `description`. */
function lineRecords(
  kind: DocumentKind,
  workspaceId: string,
  documentId: string,
  lines: readonly LineCreate[],
) {
  if (kind === 'invoice') {
    return lines.map(
      (line, position): Insertable<Database['invoice_lines']> => ({
        id: newId('invoiceLine'),
        invoice_id: documentId,
        title: line.title,
        ...lineColumns(workspaceId, line, position),
      }),
    );
  }
  return lines.map(
    (line, position): Insertable<Database['quote_lines']> => ({
      id: newId('quoteLine'),
      quote_id: documentId,
      description: line.title,
      ...lineColumns(workspaceId, line, position),
    }),
  );
}

/** Where each kind of document keeps its lines. */
const lineTables = {
  invoice: { table: 'invoice_lines', parent: 'invoice_id', label: 'title' },
  quote: { table: 'quote_lines', parent: 'quote_id', label: 'description' },
} as const satisfies Record<DocumentKind, { table: keyof Database; parent: string; label: string }>;

/**
 * The insert of a document's lines, in order, each with its net amount rounded to the cent.
 *
 * SQL, not Kysely's insert: the rows go as ONE jsonb parameter unpacked by jsonb_to_recordset,
 * whatever their number (a 100-line document would otherwise bind 900 parameters), and the
 * fragment is also a CTE of the invoice creation statement.
 */
export function linesInsert(
  kind: DocumentKind,
  workspaceId: string,
  documentId: string,
  lines: readonly LineCreate[],
): RawBuilder<unknown> {
  const { table, parent, label } = lineTables[kind];
  const records = lineRecords(kind, workspaceId, documentId, lines);
  const columns = sql.raw(
    `id, workspace_id, ${parent}, position, ${label}, quantity, unit_price, tax_rate, amount`,
  );
  return sql`insert into ${sql.raw(table)} (${columns})
     select ${columns} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as t(id text, workspace_id text, ${sql.raw(parent)} text,
       position int, ${sql.raw(label)} text, quantity numeric, unit_price numeric, tax_rate numeric, amount numeric)`;
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
