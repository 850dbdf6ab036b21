import { expect } from 'vitest';

/** A timestamp as the API writes them: ISO 8601, UTC, milliseconds. */
export const isoDateTime = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

/** An id of one kind: its prefix, `_`, then 26 lower-case Crockford base32 characters. */
export const idOf = (prefix: string) => expect.stringMatching(new RegExp(`^${prefix}_[0-9a-z]{26}$`));

/** An id of the right shape that nothing has: `cmp_000…0`. */
export const unknownId = (prefix: string) => `${prefix}_${'0'.repeat(26)}`;
