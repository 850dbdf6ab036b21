import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  codeOfStatus,
  type EinvoiceStatus,
  einvoiceStatuses,
  isAdvance,
  isFinalStatus,
  nextStatus,
  platformStatuses,
  statusOfCode,
  statusRank,
} from '../src/index.ts';

const status = fc.constantFrom(...einvoiceStatuses);
const reports = fc.array(status, { maxLength: 30 });
const fold = (start: EinvoiceStatus, list: EinvoiceStatus[]) => list.reduce(nextStatus, start);

describe('codes and names', () => {
  it('are the reform lifecycle codes 200 to 213, with the names the rulings use', () => {
    expect(platformStatuses.map((entry) => entry.code)).toEqual([
      200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213,
    ]);
    expect(
      Object.fromEntries(
        (['deposited', 'approved', 'refused', 'disputed', 'paid', 'rejected'] as const).map((name) => [
          name,
          codeOfStatus(name),
        ]),
      ),
    ).toEqual({ deposited: 200, approved: 205, refused: 210, disputed: 207, paid: 212, rejected: 213 });
  });

  test.prop([fc.integer({ min: 0, max: 1000 })])('a code maps to a name and back, or to null', (code) => {
    const name = statusOfCode(code);
    if (code >= 200 && code <= 213) expect(name !== null && codeOfStatus(name)).toBe(code);
    else expect(name).toBeNull();
  });
});

describe('nextStatus', () => {
  test.prop([status, reports])(
    'never goes back: the rank only grows along any sequence of reports',
    (start, list) => {
      let current = start;
      for (const report of list) {
        const next = nextStatus(current, report);
        expect(statusRank(next)).toBeGreaterThanOrEqual(statusRank(current));
        current = next;
      }
    },
  );

  test.prop([status, status])('a duplicate report changes nothing', (current, report) => {
    const once = nextStatus(current, report);
    expect(nextStatus(once, report)).toBe(once);
    expect(nextStatus(current, current)).toBe(current);
  });

  test.prop([status, status])('a late report (an earlier status) changes nothing', (current, report) => {
    fc.pre(statusRank(report) <= statusRank(current));
    expect(nextStatus(current, report)).toBe(current);
    expect(isAdvance(current, report)).toBe(false);
  });

  test.prop([fc.constantFrom<EinvoiceStatus>('refused', 'paid', 'rejected'), reports])(
    'a final status absorbs every later report',
    (final, list) => {
      expect(isFinalStatus(final)).toBe(true);
      expect(fold(final, list)).toBe(final);
    },
  );

  test.prop([
    reports.chain((list) =>
      fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })),
    ),
  ])(
    'without two different final statuses, the order the reports arrive in does not matter',
    ([list, shuffled]) => {
      fc.pre(new Set(list.filter(isFinalStatus)).size <= 1);
      const result = fold('submitted', list);
      expect(fold('submitted', shuffled)).toBe(result);
      // And the result is the furthest status reported.
      const furthest = Math.max(statusRank('submitted'), ...list.map(statusRank));
      expect(statusRank(result)).toBe(furthest);
    },
  );

  it('lets a dispute end in an approval, and an approval in a refusal, but not the reverse', () => {
    expect(fold('deposited', ['disputed', 'approved'])).toBe('approved');
    expect(fold('deposited', ['approved', 'disputed'])).toBe('approved');
    expect(fold('approved', ['refused', 'approved'])).toBe('refused');
    expect(fold('submitted', ['rejected', 'deposited'])).toBe('rejected');
    expect(fold('deposited', ['paid', 'refused'])).toBe('paid');
  });
});
