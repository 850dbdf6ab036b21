const dayMs = 24 * 60 * 60 * 1000;

/**
 * The instant a sent quote stops being valid (`sentAt + validityDays`, when the worker expires
 * it), or null while it is a draft: its validity runs from the day it is sent.
 */
export function validUntil(quote: { sentAt: string | null; validityDays: number }): string | null {
  if (quote.sentAt === null) return null;
  return new Date(Date.parse(quote.sentAt) + quote.validityDays * dayMs).toISOString();
}
