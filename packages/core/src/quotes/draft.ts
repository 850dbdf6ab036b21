import { AppError } from '../errors/index.ts';
import type { QuoteView } from './schemas.ts';

/** Only a DRAFT quote can be changed, deleted or sent. */
export function requireDraft(quote: Pick<QuoteView, 'id' | 'status'>): void {
  if (quote.status !== 'DRAFT') {
    throw new AppError(
      'quote_not_draft',
      `Quote ${quote.id} is ${quote.status}: only a DRAFT quote can be changed`,
    );
  }
}
