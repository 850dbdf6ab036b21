import type { DocumentModel } from './model.ts';

// Documents show calendar dates, in France's time zone: an invoice issued at 23:30 UTC on
// 31 December is dated 1 January in Paris, where the seller keeps its books.

const parisDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The date, in Europe/Paris, of an ISO 8601 instant. */
export function calendarDate(instant: string): CalendarDate {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) throw new Error(`Not an ISO 8601 instant: ${instant}`);
  const parts = Object.fromEntries(parisDay.formatToParts(date).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** A calendar date written `YYYY-MM-DD` (a delivery date), as it is: no time zone moves it. */
export function calendarDay(text: string): CalendarDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${text}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

const sameDay = (a: CalendarDate, b: CalendarDate) =>
  a.year === b.year && a.month === b.month && a.day === b.day;

/**
 * The delivery date (BT-72) the document states, in both views: the model's when it differs from
 * the issue date (French invoices state it then: CGI annexe II art. 242 nonies A), and always on
 * an intra-community supply, which EN 16931 BR-IC-11 wants dated. A draft has no issue date yet:
 * its delivery date is shown when set.
 */
export function shownDeliveryDate(
  model: Pick<DocumentModel, 'deliveryDate' | 'issuedAt' | 'vatExemption'>,
): CalendarDate | null {
  if (model.deliveryDate === null) return null;
  const delivered = calendarDay(model.deliveryDate);
  if (model.issuedAt === null || model.vatExemption?.category === 'K') return delivered;
  return sameDay(delivered, calendarDate(model.issuedAt)) ? null : delivered;
}
