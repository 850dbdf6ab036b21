import { type EntityManager, kysely } from '@comptoir/db';
import { type RawBuilder, sql } from 'kysely';
import type { QuoteView } from './schemas.ts';

// The writes of the quote's transitions, beside store.ts (its reads, creation and edits) to
// keep each file readable. The caller holds the quote's row lock (findQuote(..., true)).

/** The transaction's start time: every statement of a transaction sees the same `now()`. */
const now = sql<Date>`now()`;

/** Moves a quote to `status`. */
export async function setQuoteStatus(
  tx: EntityManager,
  id: string,
  status: QuoteView['status'],
): Promise<void> {
  await kysely(tx).updateTable('quotes').set({ status, updated_at: now }).where('id', '=', id).execute();
}

/** Marks a quote ACCEPTED, signed at `signedAt`, or at the transaction's time when not given. */
export async function setQuoteAccepted(
  tx: EntityManager,
  id: string,
  signedAt: string | undefined,
): Promise<void> {
  await kysely(tx)
    .updateTable('quotes')
    .set({
      status: 'ACCEPTED',
      signed_at: signedAt === undefined ? now : new Date(signedAt),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The update linking a quote to the invoice it became. A fragment, not a statement: the
 * invoice's insert runs it as one of its CTEs (the link's foreign key needs the invoice, whose
 * number locks the counter to the commit: no round trip after it).
 */
export function quoteInvoiceLink(
  workspaceId: string,
  quoteId: string,
  invoiceId: string,
): RawBuilder<unknown> {
  return sql`update quotes set invoice_id = ${invoiceId}, updated_at = now()
     where workspace_id = ${workspaceId} and id = ${quoteId}`;
}
