import { type StockMovementsResult, stockMovementsResultSchema } from '@comptoir/core/schemas';
import { TRPCClientError } from '@trpc/client';
import type { CsvRow } from './csv.ts';

/**
 * What became of a sent batch: `applied` (200: every movement), `partial` (207: some refused),
 * `refused` (422 stock_adjust_failed: none applied). `sent` are the file's rows that were sent,
 * in order: the result's `index` points into it.
 */
export interface BatchOutcome {
  kind: 'applied' | 'partial' | 'refused';
  result: StockMovementsResult;
  sent: CsvRow[];
}

export function outcomeOf(result: StockMovementsResult, sent: CsvRow[]): BatchOutcome {
  const kind = result.errors.length === 0 ? 'applied' : result.applied.length === 0 ? 'refused' : 'partial';
  return { kind, result, sent };
}

/** The result a 422 refusal carries beside its error (`data`, as `extra` on tRPC), when it is one. */
export function refusedBatchOf(error: unknown): StockMovementsResult | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('extra' in data)) return undefined;
  const extra = data.extra as { data?: unknown };
  const parsed = stockMovementsResultSchema.safeParse(extra.data);
  return parsed.success ? parsed.data : undefined;
}
