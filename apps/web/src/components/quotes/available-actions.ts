import type { QuoteStatus } from './status-labels.ts';

/** What can be done to a quote. */
export type QuoteAction =
  | 'send'
  | 'requestSignature'
  | 'accept'
  | 'reject'
  | 'archive'
  | 'delete'
  | 'convert';

/**
 * The lifecycle's moves from each status (rulings, "Quotes"), so the detail offers only those the
 * server would take. The server still decides: a refusal is shown in words.
 */
export function availableActions(quote: { status: QuoteStatus; invoiceId: string | null }): QuoteAction[] {
  switch (quote.status) {
    case 'DRAFT':
      return ['send', 'delete'];
    case 'SENT':
      return ['accept', 'requestSignature', 'reject', 'archive'];
    case 'SENT_FOR_SIGNATURE':
      return ['accept', 'reject', 'archive'];
    case 'ACCEPTED':
      return quote.invoiceId === null ? ['convert', 'archive'] : ['archive'];
    case 'REJECTED':
    case 'REJECTED_SIGNATURE':
    case 'EXPIRED':
      return ['archive'];
    case 'ARCHIVED':
      return [];
  }
}
