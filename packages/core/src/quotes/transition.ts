import type { EntityManager } from '@comptoir/db';
import { AppError, notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import type { EventType } from '../events/schemas.ts';
import type { QuoteDetailView, QuoteView } from './schemas.ts';
import { findQuote, quoteDetail, type StoredQuote } from './store.ts';

type QuoteStatus = QuoteView['status'];

/** The quote, locked for its transition; 404 for an unknown id or another workspace's. */
export async function lockQuote(tx: EntityManager, workspaceId: string, id: string): Promise<StoredQuote> {
  const quote = await findQuote(tx, workspaceId, id, true);
  if (!quote) throw notFound('Quote');
  return quote;
}

/**
 * 409 invalid_transition unless the quote is in one of the `from` statuses. `operation` ends
 * the sentence "Cannot <operation> a quote in status DRAFT".
 */
export function requireStatus(quote: QuoteView, from: readonly QuoteStatus[], operation: string): void {
  if (!from.includes(quote.status)) {
    throw new AppError('invalid_transition', `Cannot ${operation} a quote in status ${quote.status}`);
  }
}

/** Reads the changed quote back, records its event (the Quote, as lists show it) and returns its detail. */
export async function recordQuoteTransition(
  tx: EntityManager,
  workspaceId: string,
  id: string,
  type: EventType,
): Promise<QuoteDetailView> {
  const changed = await findQuote(tx, workspaceId, id);
  if (!changed) throw new Error(`quote ${id} vanished during its transition`);
  await recordEvent(tx, workspaceId, type, changed.view);
  return quoteDetail(tx, changed);
}
