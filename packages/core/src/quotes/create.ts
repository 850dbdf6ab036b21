import { type EntityManager, inTransaction, newId } from '@comptoir/db';
import { requireContact } from '../contacts/reference.ts';
import { recordEvent } from '../events/record.ts';
import { insertLines } from '../lines/store.ts';
import { documentAmounts } from '../lines/totals.ts';
import { requireOpportunity } from '../opportunities/reference.ts';
import { type QuoteCreate, type QuoteView, quoteCreateSchema } from './schemas.ts';
import { findQuote, insertQuote } from './store.ts';

/** Creates a DRAFT quote (no number yet) and records `quote.created`. */
export async function createQuote(
  em: EntityManager,
  workspaceId: string,
  input: QuoteCreate,
): Promise<QuoteView> {
  const data = quoteCreateSchema.parse(input);
  const lines = data.lines;
  const [first] = lines;
  if (!first) throw new Error('a quote has at least one line');
  return inTransaction(em, async (tx) => {
    if (data.opportunityId) await requireOpportunity(tx, workspaceId, data.opportunityId);
    if (data.contactId) await requireContact(tx, workspaceId, data.contactId);
    const id = newId('quote');
    await insertQuote(tx, workspaceId, {
      id,
      title: first.title,
      clientName: data.clientName,
      clientCompany: data.clientCompany ?? null,
      clientEmail: data.clientEmail,
      currency: data.currency,
      taxRate: first.taxRate,
      opportunityId: data.opportunityId ?? null,
      contactId: data.contactId ?? null,
      amounts: documentAmounts(lines),
    });
    await insertLines(tx, 'quote', workspaceId, id, lines);
    // Read back: the database fills in the defaults (status, validity, timestamps).
    const quote = (await findQuote(tx, workspaceId, id))?.view;
    if (!quote) throw new Error('inserted quote not found');
    await recordEvent(tx, workspaceId, 'quote.created', quote);
    return quote;
  });
}
