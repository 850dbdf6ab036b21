import { z } from 'zod';
import type { ErrorDetail } from '../errors/index.ts';

/**
 * Text PostgreSQL cannot store (U+0000) or that is not valid Unicode (an unpaired surrogate,
 * which JSON allows as `\ud800` but jsonb and UTF-8 refuse). Every input is checked once,
 * where it enters (the procedures' admission, the import), so no field is forgotten.
 */
function unstorableReason(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the character U+0000';
  if (!text.isWellFormed()) return 'must be valid Unicode (an unpaired surrogate was found)';
  return undefined;
}

/** A key as it can be shown in `details.path`, whatever it contains. */
function printable(key: string): string {
  return key.replaceAll('\u0000', '\uFFFD').toWellFormed();
}

/** No input of the contract nests this deep; deeper is refused rather than walked. */
const maxDepth = 64;

/**
 * Every string (and object key) in `value` that cannot be stored, and any value nested deeper
 * than 64 levels, as the contract's `details` (`path` names the field, like zod issues do).
 * Empty when everything can be stored.
 */
export function unstorableText(value: unknown, path: ReadonlyArray<string | number> = []): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  const visit = (node: unknown, at: ReadonlyArray<string | number>, depth: number) => {
    if (typeof node === 'string') {
      const reason = unstorableReason(node);
      if (reason) found.push({ path: at.join('.') || '(root)', message: reason });
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (depth >= maxDepth) {
      found.push({ path: at.join('.') || '(root)', message: `nested deeper than ${maxDepth} levels` });
      return;
    }
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) visit(item, [...at, index], depth + 1);
      return;
    }
    for (const [key, item] of Object.entries(node)) {
      const reason = unstorableReason(key);
      if (reason) found.push({ path: [...at, printable(key)].join('.'), message: `field name ${reason}` });
      visit(item, [...at, printable(key)], depth + 1);
    }
  };
  visit(value, path, 0);
  return found;
}

/**
 * Text a person must give: trimmed, then 1 to `max` characters. The document says what the
 * trim implies (`pattern`: at least one character that is not white space).
 */
export function requiredText(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .meta({
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        jsonSchema.pattern = '\\S';
      },
    });
}
