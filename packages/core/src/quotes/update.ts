import { type EntityManager, inTransaction } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import { deleteLines, insertLines } from '../lines/store.ts';
import { documentAmounts } from '../lines/totals.ts';
import { requireDraft } from './draft.ts';
import { type QuoteDetailView, type QuoteUpdate, quoteUpdateSchema } from './schemas.ts';
import { findQuote, quoteDetail, updateQuoteFields } from './store.ts';

/** Updates a DRAFT quote (`lines` replaces every line) and records `quote.updated`. */
export async function updateQuote(
  em: EntityManager,
  workspaceId: string,
  id: string,
  input: QuoteUpdate,
): Promise<QuoteDetailView> {
  const { lines, ...fields } = quoteUpdateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const current = await findQuote(tx, workspaceId, id, true);
    if (!current) throw notFound('Quote');
    requireDraft(current.view);
    if (lines) {
      await deleteLines(tx, 'quote', id);
      await insertLines(tx, 'quote', workspaceId, id, lines);
    }
    const changed = await updateQuoteFields(tx, id, fields, lines && documentAmounts(lines));
    // An empty patch changes nothing, so it records nothing either.
    if (!changed) return quoteDetail(tx, current);
    const updated = await findQuote(tx, workspaceId, id);
    if (!updated) throw new Error('updated quote not found');
    const detail = await quoteDetail(tx, updated);
    await recordEvent(tx, workspaceId, 'quote.updated', detail);
    return detail;
  });
}
