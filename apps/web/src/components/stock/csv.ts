import { maxMovementsPerBatch, stockMovementInputSchema } from '@comptoir/core/schemas';
import Papa from 'papaparse';
import type { z } from 'zod';

/** The columns a movements file has, in the order the example writes them. */
export const csvColumns = ['productId', 'quantity', 'reason', 'refKind', 'refId', 'unitCost'] as const;
export type CsvColumn = (typeof csvColumns)[number];
const requiredColumns: readonly CsvColumn[] = ['productId', 'quantity'];
const numericColumns: ReadonlySet<CsvColumn> = new Set(['quantity', 'unitCost']);

export type MovementInput = z.input<typeof stockMovementInputSchema>;

/** One line of the file: what it says, the movement it makes, and what the batch's schema finds wrong with it. */
export interface CsvRow {
  /** The line in the file (the header is line 1). */
  line: number;
  cells: Record<CsvColumn, string>;
  movement: MovementInput;
  issues: z.core.$ZodIssue[];
}

export type CsvFile =
  | { kind: 'rows'; rows: CsvRow[]; ignoredColumns: string[] }
  | { kind: 'empty' }
  | { kind: 'missingColumns'; missing: CsvColumn[] }
  | { kind: 'tooManyRows'; count: number };

/** A number as a spreadsheet writes it: `12`, `-2`, `+3`, `4.5`, or `4,5` in French. */
function numberOf(text: string): number | string {
  return /^[+-]?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.').replace(/^\+/, '')) : text;
}

function movementOf(cells: Record<CsvColumn, string>): MovementInput {
  const movement: Record<string, unknown> = {};
  for (const column of csvColumns) {
    const text = cells[column];
    if (text === '') continue;
    movement[column] = numericColumns.has(column) ? numberOf(text) : text;
  }
  return movement as MovementInput;
}

/**
 * Reads a movements file (comma or semicolon separated, a header line naming the columns in
 * any order and case) into rows checked one by one by `stockMovementInputSchema`, the batch's
 * own schema, so the preview shows what the API would refuse before anything is sent.
 */
export function parseMovementsCsv(text: string): CsvFile {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
    transform: (value) => value.trim(),
  });
  const headers = parsed.meta.fields ?? [];
  const byLowercase = new Map(headers.map((header) => [header.toLowerCase(), header]));
  const known = new Map(csvColumns.map((column) => [column, byLowercase.get(column.toLowerCase())]));
  const missing = requiredColumns.filter((column) => known.get(column) === undefined);
  if (headers.length === 0 || (parsed.data.length === 0 && missing.length === 0)) return { kind: 'empty' };
  if (missing.length > 0) return { kind: 'missingColumns', missing };
  if (parsed.data.length > maxMovementsPerBatch) return { kind: 'tooManyRows', count: parsed.data.length };
  const knownHeaders = new Set([...known.values()]);
  const rows = parsed.data.map((record, position) => {
    const cells = Object.fromEntries(
      csvColumns.map((column) => {
        const header = known.get(column);
        return [column, header === undefined ? '' : (record[header] ?? '')];
      }),
    ) as Record<CsvColumn, string>;
    const movement = movementOf(cells);
    const check = stockMovementInputSchema.safeParse(movement);
    return { line: position + 2, cells, movement, issues: check.success ? [] : check.error.issues };
  });
  return { kind: 'rows', rows, ignoredColumns: headers.filter((header) => !knownHeaders.has(header)) };
}

/** A file of movements, as the example offers it (commas, a header line). */
export function movementsCsv(rows: Record<CsvColumn, string>[]): string {
  return Papa.unparse({
    fields: [...csvColumns],
    data: rows.map((row) => csvColumns.map((column) => row[column])),
  });
}
