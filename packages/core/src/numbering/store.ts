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
  return sql`document_number as (
       insert into document_sequences as s (workspace_id, kind, year, last_value)
       values (${workspaceId}, ${kind}, extract(year from now())::int, 1)
       on conflict (workspace_id, kind, year) do update set last_value = s.last_value + 1
       returning ${formattedNumber(kind, sql`year`, sql`last_value`)} as assigned
     )`;
}

/**
 * A `document_numbers` CTE: the next `count` numbers of the workspace's series for this kind and
 * year, in one increment of its counter (same lock, same rules as documentNumberCte), as rows
 * (`ordinal` 1..count, `assigned`) in the order they follow each other. `count` is a parameter,
 * so the statement's text is the same whatever the number of documents.
 */
export function documentNumbersCte(
  kind: NumberedKind,
  workspaceId: string,
  count: number,
): RawBuilder<unknown> {
  return sql`document_counter as (
       insert into document_sequences as s (workspace_id, kind, year, last_value)
       values (${workspaceId}, ${kind}, extract(year from now())::int, ${count}::int)
       on conflict (workspace_id, kind, year) do update set last_value = s.last_value + excluded.last_value
       returning year, last_value
     ),
     document_numbers as (
       select ordinal, ${formattedNumber(kind, sql`c.year`, sql`c.last_value - excluded_count.value + ordinal`)} as assigned
         from document_counter c
        cross join (select ${count}::int as value) as excluded_count
        cross join generate_series(1, ${count}::int) as ordinal
     )`;
}

/** SQL: `INV-2026-00042` from the year and the value (both SQL expressions of the statement). */
function formattedNumber(
  kind: NumberedKind,
  year: RawBuilder<unknown>,
  value: RawBuilder<unknown>,
): RawBuilder<string> {
  const prefix = `${numberedDocuments[kind].prefix}-`;
  // lpad cuts a longer text to the width: the 100,000th number must keep all six digits.
  return sql<string>`${sql.lit(prefix)} || ${year} || '-' || lpad((${value})::text, greatest(5, length((${value})::text)), '0')`;
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
