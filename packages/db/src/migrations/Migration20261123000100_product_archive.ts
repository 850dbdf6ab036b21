import { Migration } from '@mikro-orm/migrations';

/**
 * Archived products (rulings: "Lifecycles"): a product gets `archived_at`; an archived one
 * leaves lists, searches and their totals, but keeps its id, its history and its GET.
 *
 * The list totals are the trigger-kept counters of Migration20261121000100_product_counts: the
 * trigger function now counts live products only (archiving is an UPDATE, so the counters move
 * by the old row's and the new row's share), and the counters are recounted from the rows. The
 * list's name and supplier indexes become partial on live products, so archived rows never
 * cost a list page anything.
 */
export class Migration20261123000100_product_archive extends Migration {
  override name = 'Migration20261123000100_product_archive';

  override up(): void {
    this.addSql(`alter table products add column archived_at timestamptz`);

    this.addSql(`drop index products_workspace_name_idx`);
    this.addSql(`
      create index products_workspace_name_idx on products (workspace_id, name, id)
        where archived_at is null`);
    this.addSql(`drop index products_workspace_supplier_idx`);
    this.addSql(`
      create index products_workspace_supplier_idx on products (workspace_id, supplier_id, name, id)
        where archived_at is null`);

    this.addSql(`
      create or replace function comptoir_count_products() returns trigger language plpgsql as $$
      begin
        if tg_op in ('INSERT', 'UPDATE') then
          insert into workspace_product_counts as c (workspace_id, total, tracked)
          select workspace_id, count(*) filter (where archived_at is null),
                 count(*) filter (where track_stock and archived_at is null)
            from new_rows group by workspace_id
          on conflict (workspace_id) do update
            set total = c.total + excluded.total, tracked = c.tracked + excluded.tracked;
        end if;
        if tg_op in ('DELETE', 'UPDATE') then
          update workspace_product_counts c
             set total = c.total - d.total, tracked = c.tracked - d.tracked
            from (select workspace_id, count(*) filter (where archived_at is null) as total,
                         count(*) filter (where track_stock and archived_at is null) as tracked
                    from old_rows group by workspace_id) d
           where c.workspace_id = d.workspace_id;
        end if;
        return null;
      end $$`);
    // No product is archived yet; the recount states the counters' rule from the rows anyway.
    this.addSql(`
      update workspace_product_counts c
         set total = coalesce(r.total, 0), tracked = coalesce(r.tracked, 0)
        from workspace_product_counts k
        left join (select workspace_id, count(*) as total, count(*) filter (where track_stock) as tracked
                     from products where archived_at is null group by workspace_id) r
          on r.workspace_id = k.workspace_id
       where c.workspace_id = k.workspace_id`);
  }
}
