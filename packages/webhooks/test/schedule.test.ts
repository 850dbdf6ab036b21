import { describe, expect, it } from 'vitest';
import { defaultRetrySchedule, parseRetrySchedule, retryAfterDelay, retryDelay } from '../src/index.ts';

const second = 1_000;
const minute = 60 * second;
const hour = 60 * minute;

describe('parseRetrySchedule', () => {
  it('parses the default schedule', () => {
    expect(parseRetrySchedule(defaultRetrySchedule)).toEqual([
      5 * second,
      5 * minute,
      30 * minute,
      2 * hour,
      5 * hour,
      10 * hour,
      14 * hour,
      20 * hour,
      24 * hour,
    ]);
  });

  it('accepts every unit and tolerates whitespace', () => {
    expect(parseRetrySchedule(' 250ms , 1s,2m ,\t3h,1d ')).toEqual([
      250,
      second,
      2 * minute,
      3 * hour,
      24 * hour,
    ]);
    expect(parseRetrySchedule('10s')).toEqual([10 * second]);
  });

  it.each([
    ['', /item 1 is empty/],
    ['5s,,5m', /item 2 is empty/],
    ['5s,', /item 2 is empty/],
    ['5s,5x', /item 2 "5x" is not a whole number followed by ms, s, m, h or d/],
    ['5', /item 1 "5" is not a whole number/],
    ['s', /item 1 "s" is not a whole number/],
    ['1.5h', /item 1 "1.5h" is not a whole number/],
    ['5 s', /item 1 "5 s" is not a whole number/],
    ['5S', /item 1 "5S" is not a whole number/],
    ['-5s', /item 1 "-5s" must be positive/],
    ['5s,0m', /item 2 "0m" must be positive/],
    ['99999999999999999999d', /item 1 "99999999999999999999d" is too large/],
  ])('rejects %j', (text, message) => {
    expect(() => parseRetrySchedule(text)).toThrow(message);
  });
});

describe('retryDelay', () => {
  const schedule = [10 * second, minute, hour];
  const middle = () => 0.5;

  it('uses the schedule entry for the number of failed attempts', () => {
    expect(retryDelay(schedule, 1, middle)).toBe(10 * second);
    expect(retryDelay(schedule, 2, middle)).toBe(minute);
    expect(retryDelay(schedule, 3, middle)).toBe(hour);
  });

  it('is exhausted after the first attempt plus one retry per entry', () => {
    expect(retryDelay(schedule, 4, middle)).toBeNull();
    expect(retryDelay(schedule, 40, middle)).toBeNull();
    expect(retryDelay([], 1, middle)).toBeNull();
  });

  it('jitters by at most ±10 %, spanning the whole range', () => {
    expect(retryDelay(schedule, 2, () => 0)).toBe(0.9 * minute);
    expect(retryDelay(schedule, 2, () => 0.999_999_999)).toBeCloseTo(1.1 * minute, -1);
    expect(retryDelay(schedule, 2, () => 0.25)).toBe(0.95 * minute);
    const delays = Array.from({ length: 1_000 }, () => retryDelay(schedule, 2) ?? Number.NaN);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(0.9 * minute);
    for (const delay of delays) expect(delay).toBeLessThanOrEqual(1.1 * minute);
    expect(new Set(delays).size).toBeGreaterThan(100);
  });

  it('rejects an attempt count below one', () => {
    expect(() => retryDelay(schedule, 0)).toThrow(/attemptsMade/);
    expect(() => retryDelay(schedule, 1.5)).toThrow(/attemptsMade/);
  });
});

describe('retryAfterDelay', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');
  const cap = hour;

  it('reads delta seconds', () => {
    expect(retryAfterDelay('120', now, cap)).toBe(2 * minute);
    expect(retryAfterDelay(' 0 ', now, cap)).toBe(0);
  });

  it('reads an HTTP-date in each of the three allowed formats, as GMT', () => {
    expect(retryAfterDelay('Sat, 01 Mar 2025 12:05:00 GMT', now, cap)).toBe(5 * minute);
    expect(retryAfterDelay('Saturday, 01-Mar-25 12:05:00 GMT', now, cap)).toBe(5 * minute);
    expect(retryAfterDelay('Sat Mar  1 12:05:00 2025', now, cap)).toBe(5 * minute);
  });

  it('treats a date in the past as no wait', () => {
    expect(retryAfterDelay('Sat, 01 Mar 2025 11:00:00 GMT', now, cap)).toBe(0);
  });

  it('caps the delay', () => {
    expect(retryAfterDelay('86400', now, cap)).toBe(cap);
    expect(retryAfterDelay('Sun, 01 Mar 2026 12:00:00 GMT', now, cap)).toBe(cap);
  });

  it.each([null, '', '   ', '-5', '1.5', '2h', 'soon', 'Sat, 99 Foo 2025 12:05:00 GMT', '12:05:00'])(
    'returns null for %j',
    (header) => {
      expect(retryAfterDelay(header, now, cap)).toBeNull();
    },
  );
});
