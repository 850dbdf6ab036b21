import { type EntityManager, inTransaction } from '@comptoir/db';
import type { QuoteDetailView } from './schemas.ts';
import { lockQuote, recordQuoteTransition, requireStatus } from './transition.ts';
import { setQuoteStatus } from './transition-store.ts';

/** Sends a SENT quote out for signature: SENT_FOR_SIGNATURE, and `quote.signature_requested`. */
export async function requestQuoteSignature(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<QuoteDetailView> {
  return inTransaction(em, async (tx) => {
    const current = await lockQuote(tx, workspaceId, id);
    requireStatus(current.view, ['SENT'], 'request a signature on');
    await setQuoteStatus(tx, id, 'SENT_FOR_SIGNATURE');
    return recordQuoteTransition(tx, workspaceId, id, 'quote.signature_requested');
  });
}
