import { Migration } from '@mikro-orm/migrations';

/**
 * Stock changes stop queueing on the workspace's product counter (issue 16, writes).
 *
 * comptoir_count_products() added the new rows' share and took the old rows' share back on
 * every UPDATE of products, even when no row entered or left a count: a stock movement, an
 * adjustment or a price change moved workspace_product_counts by +n then -n. Each such write
 * locked the workspace's counter row to its commit, so every stock change of a workspace queued
 * behind the others (20 concurrent adjustments: p50 250 ms) and left two dead counter rows.
 * The UPDATE branch now sums both shares per workspace and writes only where the sum moved,
 * like comptoir_count_list() (Migration20261124000200_list_counts). INSERT and DELETE are as
 * they were.
 */
export class Migration20261124000300_product_counts_unmoved extends Migration {
  override name = 'Migration20261124000300_product_counts_unmoved';

  override up(): void {
    this.addSql(`
      create or replace function comptoir_count_products() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into workspace_product_counts as c (workspace_id, total, tracked)
          select workspace_id, count(*) filter (where archived_at is null),
                 count(*) filter (where track_stock and archived_at is null)
            from new_rows group by workspace_id
          on conflict (workspace_id) do update
            set total = c.total + excluded.total, tracked = c.tracked + excluded.tracked;
        elsif tg_op = 'DELETE' then
          update workspace_product_counts c
             set total = c.total - d.total, tracked = c.tracked - d.tracked
            from (select workspace_id, count(*) filter (where archived_at is null) as total,
                         count(*) filter (where track_stock and archived_at is null) as tracked
                    from old_rows group by workspace_id) d
           where c.workspace_id = d.workspace_id;
        else
          update workspace_product_counts c
             set total = c.total + d.total, tracked = c.tracked + d.tracked
            from (select moved.workspace_id, sum(moved.total) as total, sum(moved.tracked) as tracked
                    from (select workspace_id, (archived_at is null)::int as total,
                                 (track_stock and archived_at is null)::int as tracked
                            from new_rows
                          union all
                          select workspace_id, -(archived_at is null)::int,
                                 -(track_stock and archived_at is null)::int
                            from old_rows) moved
                   group by moved.workspace_id
                  having sum(moved.total) <> 0 or sum(moved.tracked) <> 0) d
           where c.workspace_id = d.workspace_id;
        end if;
        return null;
      end $$`);
  }
}
