/**
 * An amount as typed ("1 250,50" in French, "1250.50" in English) as a number for the schema;
 * `empty` when nothing is typed. Text that is no number stays NaN, which the schema refuses
 * beside the field.
 */
export function parseAmount<Empty>(typed: unknown, empty: Empty): number | Empty {
  if (typeof typed === 'number') return typed;
  if (typeof typed !== 'string' || typed.trim() === '') return empty;
  return Number(typed.replace(/[\s\u202f\u00a0]/g, '').replace(',', '.'));
}
