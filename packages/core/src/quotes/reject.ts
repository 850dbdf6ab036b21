import { type EntityManager, inTransaction } from '@comptoir/db';
import type { QuoteDetailView } from './schemas.ts';
import { lockQuote, recordQuoteTransition, requireStatus } from './transition.ts';
import { setQuoteStatus } from './transition-store.ts';

/**
 * Records the client's refusal: a SENT quote becomes REJECTED, one sent for signature
 * REJECTED_SIGNATURE. Records `quote.rejected`.
 */
export async function rejectQuote(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<QuoteDetailView> {
  return inTransaction(em, async (tx) => {
    const current = await lockQuote(tx, workspaceId, id);
    requireStatus(current.view, ['SENT', 'SENT_FOR_SIGNATURE'], 'reject');
    await setQuoteStatus(tx, id, current.view.status === 'SENT' ? 'REJECTED' : 'REJECTED_SIGNATURE');
    return recordQuoteTransition(tx, workspaceId, id, 'quote.rejected');
  });
}
