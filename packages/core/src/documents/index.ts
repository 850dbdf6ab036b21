import { type EntityManager, newId, type SqlPart } from '@comptoir/db';
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { atMostStoredDecimals } from '../numbers/index.ts';

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

const documentKinds = {
  invoice: {
    prefix: 'INV',
    table: 'invoices',
    lines: { table: 'invoice_lines', parent: 'invoice_id', label: 'title' },
  },
  quote: {
    prefix: 'QUO',
    table: 'quotes',
    lines: { table: 'quote_lines', parent: 'quote_id', label: 'description' },
  },
} as const;
const lineIdKinds = { invoice: 'invoiceLine', quote: 'quoteLine' } as const;

/**
 * The insert of a document's lines, in order, each with its net amount rounded to the cent.
 * The line's label is `title` on input; quotes store it as `description`.
 */
export function linesInsert(
  kind: keyof typeof documentKinds,
  workspaceId: string,
  documentId: string,
  lines: readonly LineCreate[],
): SqlPart {
  const { table, parent, label } = documentKinds[kind].lines;
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
  kind: keyof typeof documentKinds,
  workspaceId: string,
  documentId: string,
  lines: readonly LineCreate[],
): Promise<void> {
  const { sql, params } = linesInsert(kind, workspaceId, documentId, lines);
  await tx.execute(sql, params);
}

/**
 * A `document_number` CTE: increments the workspace's counter for this kind and year and
 * yields `assigned` (`INV-2026-00042`). The counter row stays locked until the transaction
 * commits, so numbers are unique and continuous, and a rolled-back document gives its number
 * back. Creations of one workspace queue on that lock: whatever holds it, holds up the rest.
 */
export function documentNumberCte(kind: keyof typeof documentKinds, workspaceId: string): SqlPart {
  return {
    sql: `document_number as (
       insert into document_sequences as s (workspace_id, kind, year, last_value)
       values (?, ?, extract(year from now())::int, 1)
       on conflict (workspace_id, kind, year) do update set last_value = s.last_value + 1
       returning '${documentKinds[kind].prefix}-' || year || '-' || lpad(last_value::text, 5, '0') as assigned
     )`,
    params: [workspaceId, kind],
  };
}

/**
 * Gives an existing document the next number of its workspace, kind and year and returns the
 * updated row (see documentNumberCte).
 *
 * The lock is held from this statement to the commit, so it is taken by the transaction's
 * last statement: record the document's event first (with `number: null`) and pass its id as
 * `eventId`; the same statement writes the number into the event's data.
 */
export async function numberDocument<Row>(
  tx: EntityManager,
  workspaceId: string,
  kind: keyof typeof documentKinds,
  documentId: string,
  options: { returning: string; alsoSet?: string; eventId: string },
): Promise<Row> {
  if (!tx.isInTransaction()) throw new Error('numberDocument must run inside the document’s transaction');
  const { table } = documentKinds[kind];
  const documentNumber = documentNumberCte(kind, workspaceId);
  const [row] = await tx.execute<Row[]>(
    `with ${documentNumber.sql},
     event as (
       update events set data = jsonb_set(data, '{number}', to_jsonb(document_number.assigned))
         from document_number where events.id = ?
     )
     update ${table}
        set number = document_number.assigned${options.alsoSet ? `, ${options.alsoSet}` : ''}
       from document_number
      where ${table}.workspace_id = ? and ${table}.id = ?
     returning ${options.returning}`,
    [...documentNumber.params, options.eventId, workspaceId, documentId],
  );
  if (!row) throw new Error(`${kind} ${documentId} to number was not found`);
  return row;
}
