import { z } from 'zod';

/**
 * A JSON body object, as every write takes it: a field the operation does not define is refused
 * rather than dropped (rulings "Records": a typo such as `clientCompnay` must not vanish), at any
 * depth. The refusal names each unknown field and, when one is close, the field meant.
 */
export function bodyObject<const Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, { error: unknownFieldsMessage });
}

function unknownFieldsMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined;
  const known = Object.keys((issue.inst as z.ZodObject | undefined)?.shape ?? {});
  return issue.keys.map((key) => unknownFieldMessage(key, known)).join(messageSeparator);
}

/** One issue covers every unknown key of an object; its message holds one line per key. */
const messageSeparator = '\n';

function unknownFieldMessage(key: string, known: readonly string[]): string {
  const meant = closestField(key, known);
  return meant ? `unknown field; did you mean "${meant}"?` : 'unknown field';
}

/**
 * The contract's details for an object's unknown keys: one per key, its path naming the field.
 * `message` is the issue's, as bodyObject wrote it (one line per key), else a plain one.
 */
export function unknownFieldDetails(
  path: readonly string[],
  keys: readonly string[],
  message: string,
): { path: string; message: string }[] {
  const lines = message.split(messageSeparator);
  return keys.map((key, index) => ({
    path: [...path, key].join('.'),
    message: lines.length === keys.length ? (lines[index] ?? 'unknown field') : 'unknown field',
  }));
}

/** The known field a typo most likely meant: same letters up to case, or at most 2 edits away. */
function closestField(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  let best: { field: string; distance: number } | undefined;
  for (const field of known) {
    const distance = field.toLowerCase() === lower ? 0 : editDistance(lower, field.toLowerCase());
    if (distance <= Math.min(2, Math.floor(field.length / 3)) && (!best || distance < best.distance)) {
      best = { field, distance };
    }
  }
  return best?.field;
}

/** Optimal string alignment distance: a swap of two neighbours (`phnoe`) counts as one edit. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = distance;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}
