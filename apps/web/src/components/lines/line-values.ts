import type { DocumentLineView, lineCreateSchema, PricedLine } from '@comptoir/core/schemas';
import type { z } from 'zod';

/** One line as the editor holds it: the procedures' own line input (LineCreate). */
export type LineValues = z.input<typeof lineCreateSchema>;

/** What a form using the editor must hold: its lines under `lines`. */
export interface WithLines {
  lines: LineValues[];
}

/** The VAT rates a French business charges (standard, intermediate, Corsica and overseas, reduced, special, none). */
export const frenchVatRates: readonly number[] = [20, 10, 8.5, 5.5, 2.1, 0];

/** A new, blank line: what "Ajouter une ligne" appends, and the first line of a new document. */
export function blankLine(taxRate = 20): LineValues {
  return { title: '', quantity: 1, unitPrice: 0, taxRate };
}

/** A document's lines as read (invoices.get, quotes.get), turned back into the create shape to edit them. */
export function linesFromDocument(lines: readonly DocumentLineView[]): LineValues[] {
  return [...lines]
    .sort((a, b) => a.position - b.position)
    .map((line) => ({
      title: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      taxRate: line.taxRate,
      ...(line.unit === null ? {} : { unit: line.unit }),
      ...(line.discountPercent === 0 ? {} : { discountPercent: line.discountPercent }),
    }));
}

/**
 * A number typed the French way or the English way ("12,50", "12.50", "1 200"): a number, or
 * undefined for an empty field, which the schema then refuses in words. Something else is NaN,
 * which it refuses too.
 */
export function typedNumber(typed: unknown): number | undefined {
  if (typeof typed === 'number') return typed;
  if (typeof typed !== 'string') return undefined;
  const compact = typed.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return compact === '' ? undefined : Number(compact);
}

const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A line as the totals code reads it while it is being typed: what is not yet a number counts as 0. */
export function pricedLine(line: Partial<LineValues> | undefined): PricedLine {
  return {
    quantity: finite(line?.quantity),
    unitPrice: finite(line?.unitPrice),
    taxRate: finite(line?.taxRate),
    discountPercent: finite(line?.discountPercent),
  };
}
