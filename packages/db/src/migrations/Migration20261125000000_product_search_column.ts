import { Migration } from '@mikro-orm/migrations';

/**
 * Product search at a million products (issue 16, target 4; docs/benchmarks.md "Product search
 * led by the workspace"): the shape Migration20261124000600_search_columns gave contacts and
 * companies.
 *
 * - `search_text` is the folded text `q` searches (name, reference, barcode; \x1f keeps a match
 *   from spanning two fields), stored: a candidate's recheck compares text instead of folding
 *   the row again. PostgreSQL recomputes it only when an UPDATE sets name, reference or barcode,
 *   so stock changes, which update products the most, do not fold anything.
 * - products_search_idx leads with `workspace_id` (btree_gin): the candidates are the
 *   workspace's only. On the expression index a search read other workspaces' matches from the
 *   heap (522 of 549 candidates at 10k products among 180k of other workspaces).
 * - The index is partial on live products, as the list's indexes are: every search leaves
 *   archived products out, so their entries would only be read to be dropped.
 *
 * Adding a stored column rewrites the table under an exclusive lock, once.
 */
export class Migration20261125000000_product_search_column extends Migration {
  override name = 'Migration20261125000000_product_search_column';

  override up(): void {
    this.addSql(`drop index products_search_idx`);
    this.addSql(`
      alter table products add column search_text text generated always as (
        comptoir_fold(name || E'\\x1f' || coalesce(reference, '') || E'\\x1f' || coalesce(barcode, ''))
      ) stored`);
    this.addSql(`
      create index products_search_idx on products using gin (workspace_id, search_text gin_trgm_ops)
        where archived_at is null`);
  }
}
