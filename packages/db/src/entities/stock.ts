import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, id, newestFirst, quantity } from './columns.ts';

/**
 * The stock ledger: one row per applied change, never updated.
 * Also in the database, not expressible here (see database-only.ts): the same-workspace foreign
 * key (workspace_id, product_id) -> products (workspace_id, id). That key also proves the
 * workspace exists, so `workspaceId` is a plain column, without a key of its own to check on
 * every ledger row (Migration20261125000100_ledger_workspace_key).
 */
export const StockMovement = defineEntity({
  name: 'StockMovement',
  tableName: 'stock_movements',
  properties: {
    id: id(),
    workspaceId: p.text(),
    productId: p.text(),
    kind: p.enum(['adjustment', 'movement'] as const),
    quantityBefore: quantity(),
    quantityAfter: quantity(),
    delta: quantity(),
    reason: p.text().nullable(),
    refKind: p.text().nullable(),
    refId: p.text().nullable(),
    unitCost: quantity().nullable(),
    apiKeyId: p.text().nullable(),
    createdAt: createdAt(),
  },
  indexes: [
    newestFirst('stock_movements_workspace_idx'),
    newestFirst('stock_movements_product_idx', 'productId'),
  ],
});
