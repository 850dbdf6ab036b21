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
  // One path, pushed and popped as the walk goes: a 200-item batch has over a thousand fields,
  // and a path is only written out for what is refused.
  const at: (string | number)[] = [...path];
  const here = () =>
    at.map((step) => (typeof step === 'string' ? printable(step) : step)).join('.') || '(root)';
  const visit = (node: unknown, depth: number) => {
    if (typeof node === 'string') {
      const reason = unstorableReason(node);
      if (reason) found.push({ path: here(), message: reason });
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (depth >= maxDepth) {
      found.push({ path: here(), message: `nested deeper than ${maxDepth} levels` });
      return;
    }
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        at.push(index);
        visit(node[index], depth + 1);
        at.pop();
      }
      return;
    }
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      at.push(key);
      const reason = unstorableReason(key);
      if (reason) found.push({ path: here(), message: `field name ${reason}` });
      visit((node as Record<string, unknown>)[key], depth + 1);
      at.pop();
    }
  };
  visit(value, 0);
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
