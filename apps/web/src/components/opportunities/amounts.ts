/** Amounts are stored with 4 decimals (NUMERIC(p, 4)), and are never negative. */
const storedDecimalPlaces = 4;
const scale = 10n ** BigInt(storedDecimalPlaces);

/** An amount as an exact count of its smallest stored unit (0.0001), read from its decimal text. */
function toUnits(amount: number): bigint {
  const [whole = '0', fraction = ''] = amount.toFixed(storedDecimalPlaces).split('.');
  return BigInt(whole) * scale + BigInt(fraction.padEnd(storedDecimalPlaces, '0'));
}

/**
 * The sum of a column's amounts, added exactly (0.1 + 0.2 is 0.3, not 0.30000000000000004);
 * cards without an amount count for nothing.
 */
export function sumAmounts(amounts: readonly (number | null)[]): number {
  let units = 0n;
  for (const amount of amounts) if (amount !== null) units += toUnits(amount);
  return Number(units / scale) + Number(units % scale) / Number(scale);
}
