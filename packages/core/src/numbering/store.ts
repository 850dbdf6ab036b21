import { type EntityManager, kysely } from '@comptoir/db';
import { type RawBuilder, sql } from 'kysely';
import type { DocumentKind } from '../lines/store.ts';

/** What is numbered: the documents with lines, and credit notes (invoice rows, their own series). */
export type NumberedKind = DocumentKind | 'credit_note';

/**
 * Invoice, quote and credit note numbers (rulings: `INV-<year>-<00001>`, `QUO-…`, `AV-…`): per
 * workspace, kind and year, unique and continuous, with no gap even under concurrent creation.
 */
const numberedDocuments = {
  invoice: { prefix: 'INV', table: 'invoices' },
  quote: { prefix: 'QUO', table: 'quotes' },
  credit_note: { prefix: 'AV', table: 'invoices' },
} as const satisfies Record<NumberedKind, { prefix: string; table: string }>;

// The numbering statements are tuned (docs/benchmarks.md, "Invoice creation: one statement"):
// they stay SQL as PostgreSQL plans them, a data-modifying CTE the other statements join.

/**
 * A `document_number` CTE: increments the workspace's counter for this kind and year and
 * yields `assigned` (`INV-2026-00042`). The counter row stays locked until the transaction
 * commits, so numbers are unique and continuous, and a rolled-back document gives its number
 * back. Creations of one workspace queue on that lock: whatever holds it, holds up the rest.
 */
export function documentNumberCte(kind: NumberedKind, workspaceId: string): RawBuilder<unknown> {
  const prefix = `${numberedDocuments[kind].prefix}-`;
  return sql`document_number as (
       insert into document_sequences as s (workspace_id, kind, year, last_value)
       values (${workspaceId}, ${kind}, extract(year from now())::int, 1)
       on conflict (workspace_id, kind, year) do update set last_value = s.last_value + 1
       -- lpad cuts a longer text to the width: the 100,000th number must keep all six digits.
       returning ${sql.lit(prefix)} || year || '-' || lpad(last_value::text, greatest(5, length(last_value::text)), '0') as assigned
     )`;
}

/**
 * Gives an existing document the next number of its workspace, kind and year, with the
 * `alsoSet` assignments, and returns that number (see documentNumberCte).
 *
 * The lock is held from this statement to the commit, so it is taken by the transaction's
 * last statement: record the document's event first (with `number: null`) and pass its id as
 * `eventId`; the same statement writes the number into the event's data.
 */
export async function numberDocument(
  tx: EntityManager,
  workspaceId: string,
  kind: NumberedKind,
  documentId: string,
  options: { alsoSet?: RawBuilder<unknown>; eventId: string },
): Promise<string> {
  if (!tx.isInTransaction()) throw new Error('numberDocument must run inside the document’s transaction');
  const table = sql.raw(numberedDocuments[kind].table);
  const alsoSet = options.alsoSet ? sql`, ${options.alsoSet}` : sql.raw('');
  const { rows } = await sql<{ number: string }>`with ${documentNumberCte(kind, workspaceId)},
     event as (
       update events set data = jsonb_set(data, '{number}', to_jsonb(document_number.assigned))
         from document_number where events.id = ${options.eventId}
     )
     update ${table}
        set number = document_number.assigned${alsoSet}
       from document_number
      where ${table}.workspace_id = ${workspaceId} and ${table}.id = ${documentId}
     returning number`.execute(kysely(tx));
  const [row] = rows;
  if (!row) throw new Error(`${kind} ${documentId} to number was not found`);
  return row.number;
}
