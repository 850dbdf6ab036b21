import { Migration } from '@mikro-orm/migrations';

/**
 * Contact and company search at 100,000 rows (issue 16, docs/benchmarks.md "Contact and company
 * search"). The folded text `q` searches becomes a stored generated column, and its trigram
 * index leads with the workspace:
 *
 * - A trigram index only finds candidates: every candidate row is checked again against the
 *   pattern. On the expression index that check folded the row's text again (unaccent + lower,
 *   ~4 µs), thousands of times per common term; on the stored column it compares text.
 * - `workspace_id` in the GIN index (btree_gin) intersects the workspace's entries with the
 *   trigrams', so a search never reads another workspace's matches from the heap.
 * - `companies.search_name` is the folded name alone: a contact search matches its company by
 *   name only (rulings), and finds the candidates through companies_search_idx, whose text
 *   starts with the name. That replaces companies_name_search_idx.
 *
 * Adding a stored column rewrites the table under an exclusive lock, once.
 */
export class Migration20261124000600_search_columns extends Migration {
  override name = 'Migration20261124000600_search_columns';

  override up(): void {
    this.addSql(`create extension if not exists btree_gin`);

    this.addSql(`drop index contacts_search_idx`);
    this.addSql(`
      alter table contacts add column search_text text
        generated always as (comptoir_fold(name || E'\\x1f' || email)) stored`);
    this.addSql(
      `create index contacts_search_idx on contacts using gin (workspace_id, search_text gin_trgm_ops)`,
    );

    this.addSql(`drop index companies_search_idx`);
    this.addSql(`drop index companies_name_search_idx`);
    this.addSql(`
      alter table companies
        add column search_name text generated always as (comptoir_fold(name)) stored,
        add column search_text text generated always as (
          comptoir_fold(name || E'\\x1f' || coalesce(siret, '') || E'\\x1f' || coalesce(vat_number, ''))
        ) stored`);
    this.addSql(
      `create index companies_search_idx on companies using gin (workspace_id, search_text gin_trgm_ops)`,
    );
  }
}
