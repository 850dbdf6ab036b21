import { type EntityManager, inTransaction } from '@comptoir/db';
import { AppError } from '../errors/index.ts';
import { type QuoteAccept, type QuoteDetailView, quoteAcceptSchema } from './schemas.ts';
import { transactionTime } from './store.ts';
import { lockQuote, recordQuoteTransition, requireStatus } from './transition.ts';
import { setQuoteAccepted } from './transition-store.ts';

/**
 * Records the client's agreement to a SENT quote, or one sent for signature: ACCEPTED, signed
 * at the given time (not in the future) or now. Records `quote.accepted`.
 */
export async function acceptQuote(
  em: EntityManager,
  workspaceId: string,
  id: string,
  input: QuoteAccept = {},
): Promise<QuoteDetailView> {
  const { signedAt } = quoteAcceptSchema.parse(input);
  return inTransaction(em, async (tx) => {
    // The database's clock, which stamps every other time of the quote.
    if (signedAt && Date.parse(signedAt) > Date.parse(await transactionTime(tx))) {
      throw new AppError('invalid_body', 'signedAt must not be in the future', {
        details: [{ path: 'signedAt', message: 'signedAt must not be in the future' }],
      });
    }
    const current = await lockQuote(tx, workspaceId, id);
    requireStatus(current.view, ['SENT', 'SENT_FOR_SIGNATURE'], 'accept');
    await setQuoteAccepted(tx, id, signedAt);
    return recordQuoteTransition(tx, workspaceId, id, 'quote.accepted');
  });
}
