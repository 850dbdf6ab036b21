import { type EntityManager, inTransaction } from '@comptoir/db';
import { type QuoteDetailView, quoteStatusSchema } from './schemas.ts';
import { lockQuote, recordQuoteTransition, requireStatus } from './transition.ts';
import { setQuoteStatus } from './transition-store.ts';

// A DRAFT is deleted rather than archived; an ARCHIVED quote has nowhere further to go.
const archivable = quoteStatusSchema.options.filter((status) => status !== 'DRAFT' && status !== 'ARCHIVED');

/** Puts away a quote that went out, whatever came of it: ARCHIVED, and `quote.archived`. */
export async function archiveQuote(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<QuoteDetailView> {
  return inTransaction(em, async (tx) => {
    const current = await lockQuote(tx, workspaceId, id);
    requireStatus(current.view, archivable, 'archive');
    await setQuoteStatus(tx, id, 'ARCHIVED');
    return recordQuoteTransition(tx, workspaceId, id, 'quote.archived');
  });
}
