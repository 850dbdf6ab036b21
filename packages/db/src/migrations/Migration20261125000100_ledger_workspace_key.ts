import { Migration } from '@mikro-orm/migrations';

/**
 * The stock ledger checks its workspace once per row, not twice (issue 16, writes;
 * docs/benchmarks.md "Stock writes, part 2").
 *
 * stock_movements had two foreign keys that say the same thing: workspace_id -> workspaces and
 * (workspace_id, product_id) -> products (workspace_id, id). A row's product is a product of that
 * workspace, and a product's workspace exists (products_workspace_id_fkey), so the first adds
 * nothing the second does not prove; and no workspace with products can be deleted, so neither
 * can one with ledger rows. Each key is a check per inserted row (a lookup that takes a KEY SHARE
 * lock): a 200-movement batch ran 400 for its ledger. Without the first, PostgreSQL's CPU per
 * batch fell from 13.2 to 11.1 ms in the bench.
 */
export class Migration20261125000100_ledger_workspace_key extends Migration {
  override name = 'Migration20261125000100_ledger_workspace_key';

  override up(): void {
    this.addSql('alter table stock_movements drop constraint stock_movements_workspace_id_fkey');
  }
}
