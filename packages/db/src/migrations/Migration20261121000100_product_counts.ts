import { Migration } from '@mikro-orm/migrations';

/**
 * Product lists report a total; counting a large workspace's products on every page read
 * costs the database ~10 ms per 100k rows. Per-workspace counters, kept by statement-level
 * triggers in the writing transaction, make the unfiltered totals O(1).
 */
export class Migration20261121000100_product_counts extends Migration {
  override name = 'Migration20261121000100_product_counts';

  override up(): void {
    this.addSql(`
      create table workspace_product_counts (
        workspace_id text primary key references workspaces (id),
        total bigint not null default 0,
        tracked bigint not null default 0
      )`);
    this.addSql(`
      insert into workspace_product_counts (workspace_id, total, tracked)
      select workspace_id, count(*), count(*) filter (where track_stock) from products group by workspace_id`);
    this.addSql(`
      create function comptoir_count_products() returns trigger language plpgsql as $$
      begin
        if tg_op in ('INSERT', 'UPDATE') then
          insert into workspace_product_counts as c (workspace_id, total, tracked)
          select workspace_id, count(*), count(*) filter (where track_stock) from new_rows group by workspace_id
          on conflict (workspace_id) do update
            set total = c.total + excluded.total, tracked = c.tracked + excluded.tracked;
        end if;
        if tg_op in ('DELETE', 'UPDATE') then
          update workspace_product_counts c
             set total = c.total - d.total, tracked = c.tracked - d.tracked
            from (select workspace_id, count(*) as total, count(*) filter (where track_stock) as tracked
                    from old_rows group by workspace_id) d
           where c.workspace_id = d.workspace_id;
        end if;
        return null;
      end $$`);
    this.addSql(`
      create trigger products_count_insert after insert on products
      referencing new table as new_rows for each statement execute function comptoir_count_products()`);
    this.addSql(`
      create trigger products_count_update after update on products
      referencing old table as old_rows new table as new_rows for each statement execute function comptoir_count_products()`);
    this.addSql(`
      create trigger products_count_delete after delete on products
      referencing old table as old_rows for each statement execute function comptoir_count_products()`);
  }
}
