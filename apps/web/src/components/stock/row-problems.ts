import type { MovementError } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';
import type { z } from 'zod';
import type { CsvColumn, CsvRow } from './csv.ts';

/** The columns' names as the screen shows them (the file's headers stay as documented). */
export function useColumnLabels(): Record<CsvColumn, string> {
  const { t } = useLingui();
  return {
    productId: t`Produit`,
    quantity: t`Quantité`,
    reason: t`Motif`,
    refKind: t`Type de document`,
    refId: t`N° de document`,
    unitCost: t`Coût unitaire`,
  };
}

/**
 * What the batch's schema finds wrong with a row, in words: zod's own messages are already in
 * the page's language; the schema's custom rules (written in English in core) are put in words here.
 */
export function useRowProblems(): (row: CsvRow) => string[] {
  const { t } = useLingui();
  const labels = useColumnLabels();
  const wordsOf = (issue: z.core.$ZodIssue, value: unknown): string => {
    if (issue.code === 'invalid_type' && value === undefined) return t`obligatoire`;
    if (issue.code === 'invalid_type' && typeof value === 'string') return t`un nombre est attendu`;
    if (issue.code === 'custom') return value === 0 ? t`ne peut pas valoir 0` : t`4 décimales au plus`;
    return issue.message;
  };
  return (row) =>
    row.issues.map((issue) => {
      const column = String(issue.path[0] ?? '') as CsvColumn;
      const label = labels[column] ?? column;
      const words = wordsOf(issue, (row.movement as Record<string, unknown>)[column]);
      return t`${label} : ${words}`;
    });
}

/** Why the API refused a movement of the batch, in words. */
export function useMovementErrorLabels(): Record<MovementError, string> {
  const { t } = useLingui();
  return {
    product_not_found: t`produit introuvable dans cet espace`,
    product_archived: t`produit archivé`,
    stock_not_tracked: t`le stock de ce produit n’est pas suivi`,
    negative_stock_blocked: t`le stock deviendrait négatif, ce que l’espace refuse`,
    quantity_out_of_range: t`quantité hors des limites`,
  };
}
