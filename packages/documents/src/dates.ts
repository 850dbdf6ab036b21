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
