import { type EntityManager, newId, type SqlPart } from '@comptoir/db';
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { atMostStoredDecimals } from '../decimals/index.ts';

/** A line as invoices and quotes take it (api-v1.md LineCreate). */
export const lineCreateSchema = z
  .object({
    title: z.string().trim().min(1).max(500),
    quantity: atMostStoredDecimals(z.number().gt(0).max(1e9)),
    unitPrice: atMostStoredDecimals(z.number().min(0).max(1e12)),
    taxRate: atMostStoredDecimals(z.number().min(0).max(100))
      .default(0)
      .meta({ description: 'VAT rate in percent, at most 4 decimal places; 0 when omitted.' }),
  })
  .meta({ id: 'LineCreate' });
export type LineCreate = z.output<typeof lineCreateSchema>;

/**
 * A document's total, VAT included, stays under 10^13: its amounts are stored as NUMERIC(18, 2)
 * and shown as JSON numbers, which keep every cent only up to 15 significant digits.
 */
export const documentTotalLimit = 1e13;

export const linesSchema = z
  .array(lineCreateSchema)
  .min(1)
  .max(100)
  .superRefine((lines, context) => {
    if (documentTotals(lines).total >= documentTotalLimit) {
      context.addIssue({
        code: 'custom',
        message: `the document total (VAT included) must be under ${documentTotalLimit}`,
      });
    }
  });

/** Three upper-case letters (ISO 4217 form); EUR when omitted. */
export const currencySchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, { error: 'currency must be exactly 3 letters' })
  .transform((code) => code.toUpperCase())
  .default('EUR');

const vatBreakdownSchema = z.object({ rate: z.number(), base: z.number(), vat: z.number() });

export const documentTotalsSchema = z
  .object({
    subtotal: z.number().meta({ description: 'Sum of the line net amounts, each rounded to the cent.' }),
    vat: z
      .array(vatBreakdownSchema)
      .meta({ description: 'VAT per rate, on the sum of that rate’s line nets.' }),
    taxTotal: z.number(),
    total: z.number(),
  })
  .meta({ id: 'DocumentTotals', description: 'EN 16931 totals (an addition to the contract’s fields).' });

export interface VatBreakdown {
  rate: number;
  base: number;
  vat: number;
}

export interface DocumentTotals {
  subtotal: number;
  vat: VatBreakdown[];
  taxTotal: number;
  total: number;
}

const money = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** Each line's net amount, rounded to the cent (EN 16931: line net amounts are rounded first). */
export function lineAmount(line: { quantity: Decimal.Value; unitPrice: Decimal.Value }): Decimal {
  return money(new Decimal(line.quantity).times(line.unitPrice));
}

/**
 * EN 16931 totals: line nets rounded to 2 decimals and summed; VAT computed once per rate on
 * the sum of that rate's line nets, rounded to 2 decimals; total = subtotal + VAT.
 */
export function documentTotals(
  lines: ReadonlyArray<{ quantity: Decimal.Value; unitPrice: Decimal.Value; taxRate: Decimal.Value }>,
): DocumentTotals {
  const baseByRate = new Map<string, Decimal>();
  let subtotal = new Decimal(0);
  for (const line of lines) {
    const amount = lineAmount(line);
    subtotal = subtotal.plus(amount);
    const rate = new Decimal(line.taxRate).toString();
    baseByRate.set(rate, (baseByRate.get(rate) ?? new Decimal(0)).plus(amount));
  }
  const vat = [...baseByRate.entries()]
    .map(([rate, base]) => ({
      rate: Number(rate),
      base: base.toNumber(),
      vat: money(base.times(rate).div(100)).toNumber(),
    }))
    .sort((a, b) => a.rate - b.rate);
  const taxTotal = vat.reduce((sum, entry) => sum.plus(entry.vat), new Decimal(0));
  return {
    subtotal: subtotal.toNumber(),
    vat,
    taxTotal: taxTotal.toNumber(),
    total: subtotal.plus(taxTotal).toNumber(),
  };
}

/** Where each kind of document keeps its lines. */
const lineTables = {
  invoice: { table: 'invoice_lines', parent: 'invoice_id', label: 'title' },
  quote: { table: 'quote_lines', parent: 'quote_id', label: 'description' },
} as const;
export type DocumentKind = keyof typeof lineTables;
const lineIdKinds = { invoice: 'invoiceLine', quote: 'quoteLine' } as const;

/**
 * The insert of a document's lines, in order, each with its net amount rounded to the cent.
 * The line's label is `title` on input; quotes store it as `description`.
 */
export function linesInsert(
  kind: DocumentKind,
  workspaceId: string,
  documentId: string,
  lines: readonly LineCreate[],
): SqlPart {
  const { table, parent, label } = lineTables[kind];
  const records = lines.map((line, position) => ({
    id: newId(lineIdKinds[kind]),
    workspace_id: workspaceId,
    [parent]: documentId,
    position,
    [label]: line.title,
    quantity: String(line.quantity),
    unit_price: String(line.unitPrice),
    tax_rate: String(line.taxRate),
    amount: lineAmount(line).toString(),
  }));
  const columns = `id, workspace_id, ${parent}, position, ${label}, quantity, unit_price, tax_rate, amount`;
  return {
    // One JSON parameter: MikroORM would expand an array parameter into a list.
    sql: `insert into ${table} (${columns})
     select ${columns} from jsonb_to_recordset(?::jsonb) as t(id text, workspace_id text, ${parent} text,
       position int, ${label} text, quantity numeric, unit_price numeric, tax_rate numeric, amount numeric)`,
    params: [JSON.stringify(records)],
  };
}

/** Stores a document's lines in one statement (see linesInsert). */
export async function insertLines(
  tx: EntityManager,
  kind: DocumentKind,
  workspaceId: string,
  documentId: string,
  lines: readonly LineCreate[],
): Promise<void> {
  const { sql, params } = linesInsert(kind, workspaceId, documentId, lines);
  await tx.execute(sql, params);
}
