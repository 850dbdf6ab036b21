import { type EntityManager, inTransaction } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import { requireDraft } from './draft.ts';
import { findQuote, softDeleteQuote } from './store.ts';

/** Soft-deletes a DRAFT quote: gone from lists and reads. Records `quote.deleted`. */
export async function deleteQuote(em: EntityManager, workspaceId: string, id: string): Promise<{ ok: true }> {
  return inTransaction(em, async (tx) => {
    const current = await findQuote(tx, workspaceId, id, true);
    if (!current) throw notFound('Quote');
    requireDraft(current.view);
    await softDeleteQuote(tx, id);
    await recordEvent(tx, workspaceId, 'quote.deleted', current.view);
    return { ok: true as const };
  });
}
