import { type EntityManager, inTransaction } from '@comptoir/db';
import { AppError, notFound } from '../errors/index.ts';
import { applyStockChanges, type StockChange } from '../stock/engine.ts';
import { matchProducts } from './products.ts';
import { type StockReceptionView, stockReceptionSchema } from './schemas.ts';
import { requireTransition } from './status.ts';
import {
  findSupplierInvoiceRow,
  saveStockReception,
  setLineProducts,
  supplierInvoiceLines,
} from './store.ts';

/**
 * Receives into stock what a supplier invoice delivers: every line naming a product of ours (its
 * seller item id or GTIN is the product's reference or barcode; lines matched at receipt, the
 * others matched again now) with a positive quantity becomes one movement of one batch through
 * the stock engine (refKind `supplier_invoice`, refId the invoice, unitCost the line's net unit
 * price), with its events. Once something is applied the result is kept: a second call answers
 * it and applies nothing. When nothing could be applied (no line names a product, or each
 * movement is refused) it is 422 stock_adjust_failed with the result, and nothing is kept.
 * Refused, unreadable or a credit note: 409 invalid_transition.
 */
export async function receiveSupplierInvoiceStock(
  em: EntityManager,
  workspaceId: string,
  id: string,
  actor: { apiKeyId: string | null },
): Promise<StockReceptionView> {
  const reception = await inTransaction(em, async (tx) => {
    const current = await findSupplierInvoiceRow(tx, workspaceId, id, true);
    if (!current) throw notFound('Supplier invoice');
    if (current.stock_reception) return stockReceptionSchema.parse(current.stock_reception);
    requireTransition(current, 'receive the stock of');
    const lines = await supplierInvoiceLines(tx, id);
    const unmatched = lines.filter((line) => line.productId === null);
    const matched = await matchProducts(tx, workspaceId, unmatched);
    const found = unmatched.flatMap((line, index) => {
      const productId = matched[index];
      return productId ? [{ position: line.position, productId }] : [];
    });
    await setLineProducts(tx, id, found);
    const productOf = new Map(found.map((line) => [line.position, line.productId]));
    const moved = lines
      .map((line) => ({ line, productId: line.productId ?? productOf.get(line.position) ?? null }))
      .filter(
        (entry): entry is { line: (typeof lines)[number]; productId: string } =>
          entry.productId !== null && entry.line.quantity > 0,
      );
    const changes: StockChange[] = moved.map(({ line, productId }) => ({
      productId,
      quantity: line.quantity,
      reason: `Supplier invoice ${current.number ?? id}`,
      refKind: 'supplier_invoice',
      refId: id,
      ...(line.unitPrice !== null && line.unitPrice >= 0 ? { unitCost: line.unitPrice } : {}),
    }));
    const outcomes =
      changes.length === 0 ? [] : await applyStockChanges(tx, workspaceId, actor.apiKeyId, changes);
    const result: StockReceptionView = { receivedAt: new Date().toISOString(), applied: [], errors: [] };
    outcomes.forEach((outcome, index) => {
      const line = moved[index]?.line.position ?? index;
      if (outcome.applied) {
        const { applied: _, ...applied } = outcome;
        result.applied.push({ line, ...applied });
      } else {
        result.errors.push({ line, productId: outcome.productId, error: outcome.error });
      }
    });
    if (result.applied.length === 0) {
      throw new AppError(
        'stock_adjust_failed',
        changes.length === 0
          ? 'No line of this supplier invoice names a product of ours (by reference or barcode)'
          : 'No movement of this supplier invoice could be applied',
        { extra: { data: result } },
      );
    }
    await saveStockReception(tx, id, result);
    return result;
  });
  return reception;
}
