/** Nine retries spread over roughly three days, so a receiver that is down for a weekend still gets its events. */
export const defaultRetrySchedule = '5s,5m,30m,2h,5h,10h,14h,20h,24h';

const millisecondsPerUnit: Record<string, number> = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

const durationPattern = /^(\d+)(ms|s|m|h|d)$/;

/**
 * Parses a comma-separated list of durations (`5s,5m,2h`) into milliseconds.
 * The text usually comes from configuration, so every mistake is reported with the offending item rather than
 * silently skipped: a dropped retry would only be noticed when a delivery is lost.
 */
export function parseRetrySchedule(text: string): number[] {
  return text.split(',').map((rawItem, index) => {
    const item = rawItem.trim();
    const position = `item ${index + 1}`;
    if (item === '') throw new Error(`Invalid retry schedule "${text}": ${position} is empty`);
    if (item.startsWith('-'))
      throw new Error(`Invalid retry schedule "${text}": ${position} "${item}" must be positive`);
    const match = durationPattern.exec(item);
    if (!match) {
      throw new Error(
        `Invalid retry schedule "${text}": ${position} "${item}" is not a whole number followed by ms, s, m, h or d`,
      );
    }
    const [, amount = '', unit = ''] = match;
    const milliseconds = Number(amount) * (millisecondsPerUnit[unit] ?? Number.NaN);
    if (milliseconds <= 0)
      throw new Error(`Invalid retry schedule "${text}": ${position} "${item}" must be positive`);
    if (!Number.isSafeInteger(milliseconds)) {
      throw new Error(`Invalid retry schedule "${text}": ${position} "${item}" is too large`);
    }
    return milliseconds;
  });
}

/** ±10 %: enough to spread out retries of deliveries that failed together, small enough to keep the schedule. */
const jitterRatio = 0.1;

/**
 * The delay before the next attempt once `attemptsMade` attempts have failed, or `null` when the schedule is
 * exhausted (the first attempt plus one retry per schedule entry). Jitter keeps the deliveries that failed
 * together during an outage from all hitting the receiver again in the same instant.
 */
export function retryDelay(
  schedule: number[],
  attemptsMade: number,
  random: () => number = Math.random,
): number | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) {
    throw new Error(`attemptsMade must be a positive integer, got ${attemptsMade}`);
  }
  const baseDelay = schedule[attemptsMade - 1];
  if (baseDelay === undefined) return null;
  const jitterFactor = 1 + jitterRatio * (2 * random() - 1);
  return Math.round(baseDelay * jitterFactor);
}

/**
 * How long a receiver asked us to wait (HTTP `Retry-After`: delta seconds or an HTTP-date), in milliseconds,
 * capped so a hostile or mistaken receiver cannot park a delivery forever. `null` when there is no usable value,
 * so the caller falls back to its own schedule.
 */
export function retryAfterDelay(header: string | null, now: number, capMs: number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (value === '') return null;
  let delayMs: number;
  if (/^\d+$/.test(value)) {
    delayMs = Number(value) * 1_000;
  } else {
    // Only accept things that look like an HTTP-date; Date.parse is lenient enough to read "1" or "2h" as a date.
    if (!/[a-z]/i.test(value) || !/\d{1,2}:\d{2}:\d{2}/.test(value)) return null;
    // HTTP-dates are always GMT, but the asctime format does not say so and would be read as local time.
    const hasZone = /(GMT|UTC|Z|[+-]\d{4})$/i.test(value);
    const retryAt = Date.parse(hasZone ? value : `${value} GMT`);
    if (Number.isNaN(retryAt)) return null;
    // A date in the past means "now".
    delayMs = Math.max(0, retryAt - now);
  }
  return Math.min(delayMs, capMs);
}
