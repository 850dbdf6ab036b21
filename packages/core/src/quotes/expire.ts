import { type EntityManager, inTransaction } from '@comptoir/db';
import { recordWorkspaceEvents } from '../events/record.ts';
import { expireDueQuotes } from './store.ts';

export interface QuoteExpiryOptions {
  /** The reference time; the database's `now()` when absent, so workers' clocks do not matter. */
  now?: Date;
  /** Quotes per transaction (500 by default). */
  batchSize?: number;
}

/**
 * Moves SENT and SENT_FOR_SIGNATURE quotes of every workspace past `sentAt + validityDays` to
 * EXPIRED, with one `quote.expired` each (the quote's list shape, in its own workspace). Each
 * batch is a transaction; batches follow until one comes back short. Several sweeps may run at
 * once: each quote moves once (see expireDueQuotes). Answers how many moved.
 */
export async function expireQuotes(em: EntityManager, options: QuoteExpiryOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  let moved = 0;
  for (;;) {
    const count = await inTransaction(em, async (tx) => {
      const expired = await expireDueQuotes(tx, batchSize, options.now);
      await recordWorkspaceEvents(
        tx,
        expired.map(({ workspaceId, quote }) => ({ workspaceId, type: 'quote.expired', data: quote })),
      );
      return expired.length;
    });
    moved += count;
    if (count < batchSize) return moved;
  }
}
