import type { EntityManager, SqlPart } from '@comptoir/db';
import type { DocumentKind } from '../lines/index.ts';

/**
 * Invoice and quote numbers (rulings: `INV-<year>-<00001>`, `QUO-…`): per workspace, kind and
 * year, unique and continuous, with no gap even under concurrent creation.
 */
const numberedDocuments = {
  invoice: { prefix: 'INV', table: 'invoices' },
  quote: { prefix: 'QUO', table: 'quotes' },
} as const satisfies Record<DocumentKind, { prefix: string; table: string }>;

/**
 * A `document_number` CTE: increments the workspace's counter for this kind and year and
 * yields `assigned` (`INV-2026-00042`). The counter row stays locked until the transaction
 * commits, so numbers are unique and continuous, and a rolled-back document gives its number
 * back. Creations of one workspace queue on that lock: whatever holds it, holds up the rest.
 */
export function documentNumberCte(kind: DocumentKind, workspaceId: string): SqlPart {
  return {
    sql: `document_number as (
       insert into document_sequences as s (workspace_id, kind, year, last_value)
       values (?, ?, extract(year from now())::int, 1)
       on conflict (workspace_id, kind, year) do update set last_value = s.last_value + 1
       returning '${numberedDocuments[kind].prefix}-' || year || '-' || lpad(last_value::text, 5, '0') as assigned
     )`,
    params: [workspaceId, kind],
  };
}

/**
 * Gives an existing document the next number of its workspace, kind and year and returns the
 * updated row (see documentNumberCte).
 *
 * The lock is held from this statement to the commit, so it is taken by the transaction's
 * last statement: record the document's event first (with `number: null`) and pass its id as
 * `eventId`; the same statement writes the number into the event's data.
 */
export async function numberDocument<Row>(
  tx: EntityManager,
  workspaceId: string,
  kind: DocumentKind,
  documentId: string,
  options: { returning: string; alsoSet?: string; eventId: string },
): Promise<Row> {
  if (!tx.isInTransaction()) throw new Error('numberDocument must run inside the document’s transaction');
  const { table } = numberedDocuments[kind];
  const documentNumber = documentNumberCte(kind, workspaceId);
  const [row] = await tx.execute<Row[]>(
    `with ${documentNumber.sql},
     event as (
       update events set data = jsonb_set(data, '{number}', to_jsonb(document_number.assigned))
         from document_number where events.id = ?
     )
     update ${table}
        set number = document_number.assigned${options.alsoSet ? `, ${options.alsoSet}` : ''}
       from document_number
      where ${table}.workspace_id = ? and ${table}.id = ?
     returning ${options.returning}`,
    [...documentNumber.params, options.eventId, workspaceId, documentId],
  );
  if (!row) throw new Error(`${kind} ${documentId} to number was not found`);
  return row;
}
