import type { FieldError } from 'react-hook-form';

/**
 * A field's error in the page's language. Some of the procedures' schemas word a format rule
 * themselves, in English ("clientEmail must be an e-mail address"), which zod's locale cannot
 * translate: for those fields, a format refusal reads as `words`. Other refusals keep zod's own
 * (translated) message, and the API's details theirs.
 */
export function fieldError(error: FieldError | undefined, words: string): string | undefined {
  if (error === undefined) return undefined;
  return error.type === 'invalid_format' || error.type === 'custom' ? words : error.message;
}
