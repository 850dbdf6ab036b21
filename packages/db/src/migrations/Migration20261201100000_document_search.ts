import { Migration } from '@mikro-orm/migrations';

/**
 * `q` on the invoices and quotes lists (the app's search boxes): a case- and accent-insensitive
 * substring of the number, the client's name or `clientCompany`. As for contacts and companies
 * (Migration20261124000600_search_columns), the folded text is a stored generated column and its
 * trigram index leads with the workspace (btree_gin), so a search never reads another
 * workspace's matches and the index's recheck compares stored text rather than folding it again.
 * A quote's number is null until it is sent: its text then starts with the separator.
 *
 * Adding a stored column rewrites each table under an exclusive lock, once.
 */
export class Migration20261201100000_document_search extends Migration {
  override name = 'Migration20261201100000_document_search';

  override up(): void {
    for (const table of ['invoices', 'quotes']) {
      this.addSql(`
        alter table ${table} add column search_text text generated always as (
          comptoir_fold(coalesce(number, '') || E'\\x1f' || client_name || E'\\x1f' || coalesce(client_company, ''))
        ) stored`);
      this.addSql(
        `create index ${table}_search_idx on ${table} using gin (workspace_id, search_text gin_trgm_ops)`,
      );
    }
  }
}
