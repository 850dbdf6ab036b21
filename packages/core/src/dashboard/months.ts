import type { RevenueMonth } from './schemas.ts';

/** The first instant (UTC) of the month `offset` months after the month of `at`. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/** `YYYY-MM` of an instant, in UTC. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The `count` calendar months (UTC) ending with the month of `now`, oldest first. */
export function monthsEndingAt(now: Date, count = 12): string[] {
  return Array.from({ length: count }, (_, index) => monthOf(monthStart(now, index - count + 1)));
}

/**
 * Every month of the window, oldest first, with its amount: those the database summed, and 0 for
 * a month with no document. Sums of months outside the window are a caller's bug.
 */
export function fillMonths(now: Date, sums: ReadonlyMap<string, number>, count = 12): RevenueMonth[] {
  const months = monthsEndingAt(now, count);
  for (const month of sums.keys()) {
    if (!months.includes(month)) throw new RangeError(`month ${month} is outside the window`);
  }
  return months.map((month) => ({ month, amount: sums.get(month) ?? 0 }));
}
