import { Migration } from '@mikro-orm/migrations';

/**
 * Product search at a million products, part 3 (issue 16, target 4; docs/benchmarks.md
 * "Product search: longer keys").
 *
 * With keys of 3-character windows (Migration20261125000200_product_search_keys) a search of
 * `chevre fermier` in a workspace of a million products still spent most of its time in the
 * index: each window of the probe (`che`, `vre`, ` fe`, …) is in 2.5-15 % of the workspace's
 * products, so GIN decoded posting lists of tens of thousands of rows to find 2,535 matches, and
 * `ref-0424200` read the lists of `ref`, `ef-` and `f-0`, which every product has.
 *
 * The keys now hold the 5-character windows too, marked apart (U+001E before the window, so a
 * 3-window and a 5-window never hash from the same text). A `q` of 5 folded characters or more
 * asks for its 5-character windows, one every 3 characters and the last: rarer entries, shorter
 * lists. A `q` of 3 or 4 asks for its 3-character windows as before. `search_text like` still
 * decides every match (a hash collision only adds a candidate), so the semantics and exact
 * totals are unchanged. Same 1M-product database, the count statement alone, min of 7:
 * `chevre fermier` 9.9 -> 4.7 ms, `ref-0424200` 10.6 -> 1.9 ms; PostgreSQL's CPU per search in
 * the scale bench at 1M, 12 -> 8.3 ms. The price, paid by writes that change a product's searched
 * text: the index grows from 167 to 335 MB at 1.18M products, and an insert costs PostgreSQL
 * about 0.25 ms more (one client: 0.58-0.64 -> 0.81-0.88 ms; in bulk 45 -> 104 µs a row). Stock
 * changes do not touch `search_text` and pay nothing.
 *
 * The functions keep their names; the index built on them is dropped first and built again
 * after, so no index entry was made by the old definition.
 */
export class Migration20261128000000_product_search_long_keys extends Migration {
  override name = 'Migration20261128000000_product_search_long_keys';

  override up(): void {
    this.addSql(`drop index products_search_idx`);
    this.addSql(`
      create or replace function comptoir_search_keys(workspace_id text, folded text) returns int4[]
        language sql immutable strict parallel safe
        return array(select hashtext(workspace_id || substr(folded, i, 3))
                       from generate_series(1, length(folded) - 2) i
                     union all
                     select hashtext(workspace_id || E'\\x1e' || substr(folded, i, 5))
                       from generate_series(1, length(folded) - 4) i)`);
    // One window every 3 characters and the last: every character of q is in one.
    this.addSql(`
      create or replace function comptoir_search_probe(workspace_id text, folded text) returns int4[]
        language sql immutable strict parallel safe
        return case
          when length(folded) >= 5 then
            array(select hashtext(workspace_id || E'\\x1e' || substr(folded, least(i, length(folded) - 4), 5))
                    from generate_series(1, length(folded), 3) i)
          else
            array(select hashtext(workspace_id || substr(folded, least(i, length(folded) - 2), 3))
                    from generate_series(1, length(folded), 3) i
                   where length(folded) >= 3)
          end`);
    this.addSql(`
      create index products_search_idx on products using gin (comptoir_search_keys(workspace_id, search_text))
        where archived_at is null`);
  }
}
