import { type EntityManager, inTransaction } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import { markOpportunityQuoteSent } from '../opportunities/store.ts';
import { requireDraft } from './draft.ts';
import type { QuoteSentView } from './schemas.ts';
import { findQuote, numberSentQuote, transactionTime } from './store.ts';

/**
 * Marks a DRAFT quote SENT (no e-mail), numbers it `QUO-<year>-<00001>` with the invoices'
 * guarantees, and moves an attached opportunity from DRAFT to QUOTE_SENT. Records `quote.sent`.
 */
export async function sendQuote(em: EntityManager, workspaceId: string, id: string): Promise<QuoteSentView> {
  return inTransaction(em, async (tx) => {
    const current = await findQuote(tx, workspaceId, id, true);
    if (!current) throw notFound('Quote');
    requireDraft(current.view);
    const { opportunityId } = current.view;
    if (opportunityId) await markOpportunityQuoteSent(tx, workspaceId, opportunityId);
    // The quote's sent_at is now(), the transaction's start time: the same instant.
    const sentAt = await transactionTime(tx);
    // The number is taken last (it locks the counter until the commit), and written into
    // this event by the statement that assigns it.
    const event = await recordEvent(tx, workspaceId, 'quote.sent', {
      id,
      number: null,
      status: 'SENT',
      sentAt,
      updatedAt: sentAt,
    });
    const number = await numberSentQuote(tx, workspaceId, id, event.id);
    return { id, number, status: 'SENT', sentAt, updatedAt: sentAt };
  });
}
