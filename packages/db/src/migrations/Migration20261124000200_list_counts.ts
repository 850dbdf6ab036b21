import { Migration } from '@mikro-orm/migrations';

/**
 * The totals of the record lists, exact and O(1) (issue 16): `count(*) over ()` read every row
 * a list's filters match, i.e. a scan of a workspace's invoices per page at a million of them.
 *
 * One counters table for every counted list, one row per (workspace, list, key): the key is the
 * value of the column a list filters on (an invoice's status) or '' for a list without such a
 * filter, and a list's total is the sum of its rows (a few statuses at most). One trigger
 * function for every table, given the key column and the column that takes a row out of its
 * list when set (a quote's deleted_at) as arguments; it reads them from `to_jsonb(row)` so its
 * statements are static and planned once (formatting them into an EXECUTE per statement cost
 * ~0.15 ms per insert, the jsonb lookup ~0.04 ms). Statement-level with transition tables,
 * like workspace_product_counts: a bulk insert moves a counter once. The counters change in the
 * writing transaction and stay locked to its commit, so a total is as exact as a count in the
 * same snapshot. An update that changes no key and no membership writes nothing (having
 * sum <> 0), so it locks no counter; the rows are written in (workspace, key) order, so two
 * statements that move the same counters take their locks in the same order.
 *
 * The products keep workspace_product_counts (same design, its own columns). Events, stock
 * movements and delivery attempts stay counted per page (see docs/benchmarks.md, "Scale curve").
 *
 * Also: the index behind `invoices.send`'s latest issue date (max(issued_at) of the workspace's
 * issued invoices), which otherwise read every invoice of the workspace.
 */
export class Migration20261124000200_list_counts extends Migration {
  override name = 'Migration20261124000200_list_counts';

  override up(): void {
    this.addSql(`
      create table workspace_list_counts (
        workspace_id text not null references workspaces (id),
        list text not null,
        key text not null,
        total bigint not null default 0,
        primary key (workspace_id, list, key)
      )`);
    // tg_argv[0]: the key column ('' for none); tg_argv[1]: the column that, when not null,
    // takes a row out of its list ('' for none). The list is the table's name.
    this.addSql(`
      create function comptoir_count_list() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into workspace_list_counts as c (workspace_id, list, key, total)
          select r.workspace_id, tg_table_name, coalesce(to_jsonb(r) ->> tg_argv[0], ''), count(*)
            from new_rows r
           where tg_argv[1] = '' or to_jsonb(r) ->> tg_argv[1] is null
           group by 1, 3 order by 1, 3
          on conflict (workspace_id, list, key) do update set total = c.total + excluded.total;
        elsif tg_op = 'DELETE' then
          insert into workspace_list_counts as c (workspace_id, list, key, total)
          select r.workspace_id, tg_table_name, coalesce(to_jsonb(r) ->> tg_argv[0], ''), -count(*)
            from old_rows r
           where tg_argv[1] = '' or to_jsonb(r) ->> tg_argv[1] is null
           group by 1, 3 order by 1, 3
          on conflict (workspace_id, list, key) do update set total = c.total + excluded.total;
        else
          insert into workspace_list_counts as c (workspace_id, list, key, total)
          select moved.workspace_id, tg_table_name, moved.key, sum(moved.delta)
            from (select r.workspace_id, coalesce(to_jsonb(r) ->> tg_argv[0], '') as key, 1 as delta
                    from new_rows r
                   where tg_argv[1] = '' or to_jsonb(r) ->> tg_argv[1] is null
                  union all
                  select r.workspace_id, coalesce(to_jsonb(r) ->> tg_argv[0], ''), -1
                    from old_rows r
                   where tg_argv[1] = '' or to_jsonb(r) ->> tg_argv[1] is null) moved
           group by 1, 3 having sum(moved.delta) <> 0 order by 1, 3
          on conflict (workspace_id, list, key) do update set total = c.total + excluded.total;
        end if;
        return null;
      end $$`);
    for (const [table, key, leavesListWhenSet] of countedLists) {
      const args = `'${key}', '${leavesListWhenSet}'`;
      this.addSql(`
        create trigger ${table}_count_insert after insert on ${table}
        referencing new table as new_rows for each statement execute function comptoir_count_list(${args})`);
      this.addSql(`
        create trigger ${table}_count_update after update on ${table}
        referencing old table as old_rows new table as new_rows for each statement execute function comptoir_count_list(${args})`);
      this.addSql(`
        create trigger ${table}_count_delete after delete on ${table}
        referencing old table as old_rows for each statement execute function comptoir_count_list(${args})`);
      // The counters of the rows that exist, by the triggers' rule.
      const keyColumn = key === '' ? `''` : key;
      const live = leavesListWhenSet === '' ? '' : `where ${leavesListWhenSet} is null`;
      this.addSql(`
        insert into workspace_list_counts (workspace_id, list, key, total)
        select workspace_id, '${table}', ${keyColumn}, count(*) from ${table} ${live} group by 1, 3`);
    }

    this.addSql(`
      create index invoices_issued_idx on invoices (workspace_id, issued_at)
        where type = 'invoice' and status <> 'DRAFT'`);
  }
}

/** [table, key column or '', column that takes a row out of the list when set or '']. */
const countedLists = [
  ['invoices', 'status', ''],
  ['quotes', 'status', 'deleted_at'],
  ['opportunities', 'status', ''],
  ['contacts', '', ''],
  ['companies', '', ''],
  ['webhook_endpoints', '', 'deleted_at'],
] as const;
