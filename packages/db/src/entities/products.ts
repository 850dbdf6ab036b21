import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, id, percent, quantity, searchColumn, updatedAt } from './columns.ts';
import { workspaceId } from './workspaces.ts';

// Also in the database, not expressible here (see database-only.ts): the search index
// products_search_idx on comptoir_search_keys(workspace_id, search_text), the same-workspace supplier foreign key
// (workspace_id, supplier_id) -> companies (workspace_id, id), and the triggers that keep
// workspace_product_counts.
export const Product = defineEntity({
  name: 'Product',
  tableName: 'products',
  properties: {
    id: id(),
    workspaceId: workspaceId('products'),
    name: p.text(),
    reference: p.text().nullable(),
    barcode: p.text().nullable(),
    unit: p.text().nullable(),
    unitPrice: quantity().default('0'),
    costPrice: quantity().default('0'),
    taxRate: percent().default('0'),
    supplierId: p.text().nullable(),
    trackStock: p.boolean().default(false),
    stockQuantity: quantity().nullable(),
    stockThreshold: quantity().nullable(),
    /** Set while the product is archived: out of lists, searches and stock changes. */
    archivedAt: p.datetime().nullable(),
    // What `q` searches, folded (searchColumn).
    searchText: searchColumn(
      `comptoir_fold(((((name || '\x1f'::text) || COALESCE(reference, ''::text)) || '\x1f'::text) || COALESCE(barcode, ''::text)))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // a tracked product always has a quantity
  checks: [{ name: 'products_check', expression: 'not track_stock or stock_quantity is not null' }],
  uniques: [
    // the target of stock_movements' same-workspace foreign key
    { name: 'products_workspace_id_key', properties: ['workspaceId', 'id'] },
    // a unique index in the database (not a constraint); either enforces the same rule
    { name: 'products_workspace_reference_key', properties: ['workspaceId', 'reference'] },
  ],
  // Lists read live products only: archived rows stay out of their indexes.
  indexes: [
    {
      name: 'products_workspace_name_idx',
      properties: ['workspaceId', 'name', 'id'],
      where: { archivedAt: null },
    },
    {
      name: 'products_workspace_supplier_idx',
      properties: ['workspaceId', 'supplierId', 'name', 'id'],
      where: { archivedAt: null },
    },
  ],
});

/**
 * Per-workspace totals of live (not archived) products, kept by statement-level triggers on
 * products in the writing transaction, so unfiltered list totals cost O(1).
 */
export const WorkspaceProductCount = defineEntity({
  name: 'WorkspaceProductCount',
  tableName: 'workspace_product_counts',
  properties: {
    workspaceId: workspaceId('workspace_product_counts').primary(),
    total: p.bigint('number').defaultRaw('0'),
    tracked: p.bigint('number').defaultRaw('0'),
  },
});
