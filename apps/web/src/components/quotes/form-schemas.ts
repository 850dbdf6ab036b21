import { quoteCreateSchema, quoteUpdateSchema } from '@comptoir/core/schemas';
import type { z } from 'zod';

/**
 * A new quote: the create procedure's own schema, plus the validity that `quotes.update` takes
 * (`quotes.create` has no validityDays: a new quote is valid 30 days, changed right after when
 * another is chosen).
 */
export const newQuoteSchema = quoteCreateSchema.extend({
  validityDays: quoteUpdateSchema.shape.validityDays.unwrap(),
});
export type NewQuoteValues = z.input<typeof newQuoteSchema>;

/** A draft's edit: the update procedure's own schema, its title, validity and lines required. */
export const editQuoteSchema = quoteUpdateSchema.required({ title: true, validityDays: true, lines: true });
export type EditQuoteValues = z.input<typeof editQuoteSchema>;

/** An empty optional text field means none (null), as the schemas take it. */
export const emptyAsNull = (typed: unknown) =>
  typeof typed === 'string' && typed.trim() === '' ? null : typed;

/** The currencies offered; EUR first, the schema's default. */
export const currencies = ['EUR', 'CHF', 'GBP', 'USD'] as const;
