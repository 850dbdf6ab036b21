import { type EntityManager, inTransaction } from '@comptoir/db';
import { recordWorkspaceEvents } from '../events/record.ts';
import { markDueInvoicesOverdue } from './store.ts';

export interface OverdueSweepOptions {
  /** The reference time; the database's `now()` when absent, so workers' clocks do not matter. */
  now?: Date;
  /** Invoices per transaction (500 by default). */
  batchSize?: number;
}

/**
 * Moves SENT and PARTIAL invoices of every workspace whose `dueAt` has passed to OVERDUE, with
 * one `invoice.overdue` each (the invoice's list shape, in its own workspace). Each batch is a
 * transaction; batches follow until one comes back short. Several sweeps may run at once: each
 * invoice moves once (see markDueInvoicesOverdue). Answers how many moved.
 */
export async function markOverdueInvoices(
  em: EntityManager,
  options: OverdueSweepOptions = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  let moved = 0;
  for (;;) {
    const count = await inTransaction(em, async (tx) => {
      const overdue = await markDueInvoicesOverdue(tx, batchSize, options.now);
      await recordWorkspaceEvents(
        tx,
        overdue.map(({ workspaceId, invoice }) => ({ workspaceId, type: 'invoice.overdue', data: invoice })),
      );
      return overdue.length;
    });
    moved += count;
    if (count < batchSize) return moved;
  }
}
