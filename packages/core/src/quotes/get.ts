import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import type { QuoteDetailView } from './schemas.ts';
import { findQuote, quoteDetail } from './store.ts';

/** A live quote of the workspace with its lines. */
export async function getQuote(em: EntityManager, workspaceId: string, id: string): Promise<QuoteDetailView> {
  const quote = await findQuote(em, workspaceId, id);
  if (!quote) throw notFound('Quote');
  return quoteDetail(em, quote);
}
