import { Migration } from '@mikro-orm/migrations';

/**
 * Product search at a million products, part 2 (issue 16, target 4; docs/benchmarks.md
 * "Product search: keys of the workspace").
 *
 * On `gin (workspace_id, search_text gin_trgm_ops)` a search in a workspace of a million
 * products spent 25 of its 35 ms in the index, decoding posting lists: the `workspace_id` entry
 * lists every product of the workspace, and each trigram of the pattern lists every product,
 * of every workspace, that has it; GIN walks each list up to every candidate, so a search cost
 * the size of the workspace whatever it matched (35 ms for one match of `ref-0424200`).
 *
 * Here the index's entries are the workspace's own: `comptoir_search_keys` hashes each
 * 3-character window of the folded text together with the workspace's id, so one entry lists
 * the products of one workspace that have one window, and no entry lists a whole workspace. A
 * search asks for `comptoir_search_probe`, the windows of the folded `q` one in three (and the
 * last), which every text containing `q` has; `search_text like` then keeps the exact matches,
 * as before (a hash collision only adds a candidate). Windows, not pg_trgm's trigrams: a window
 * is a plain substring, so what a row must contain does not depend on pg_trgm's rules for words,
 * padding and multibyte characters. A `q` shorter than 3 characters has no window: the store
 * leaves the condition out.
 *
 * The hash is `hashtext`, which is immutable; both functions use catalog functions only, so an
 * index build or ANALYZE under any search_path computes the same keys.
 */
export class Migration20261125000200_product_search_keys extends Migration {
  override name = 'Migration20261125000200_product_search_keys';

  override up(): void {
    this.addSql(`
      create function comptoir_search_keys(workspace_id text, folded text) returns int4[]
        language sql immutable strict parallel safe
        return array(select hashtext(workspace_id || substr(folded, i, 3))
                       from generate_series(1, length(folded) - 2) i)`);
    // Step 3: each character of q in one window (two for the last ones), the fewest entries that
    // still pin every part of q; each entry the index reads costs its posting list.
    this.addSql(`
      create function comptoir_search_probe(workspace_id text, folded text) returns int4[]
        language sql immutable strict parallel safe
        return array(select hashtext(workspace_id || substr(folded, least(i, length(folded) - 2), 3))
                       from generate_series(1, length(folded), 3) i
                      where length(folded) >= 3)`);
    this.addSql(`drop index products_search_idx`);
    this.addSql(`
      create index products_search_idx on products using gin (comptoir_search_keys(workspace_id, search_text))
        where archived_at is null`);
  }
}
