import { Migration } from '@mikro-orm/migrations';

/**
 * A company's VAT number found by its compact form (issue 16, target 3: `q` searches name, SIRET
 * and VAT number). SIRETs and French VAT numbers are stored without spaces, and a `q` typed with
 * spaces is also tried without them (identifierSearchForm), but other countries' numbers are
 * stored as given (rulings: lenient, reported), so `BE 0123 456 789` was not found by
 * `be0123456789`. The searched text now ends with the VAT number without its whitespace too:
 * the compact `q` and the spaced one both find it. For a number that has no space the two forms
 * are the same text and add no trigram to the index.
 *
 * PostgreSQL 15 cannot change a generated column's expression: the column and the index built
 * on it are dropped and made again (the table is rewritten once).
 */
export class Migration20261128000100_company_search_compact_vat extends Migration {
  override name = 'Migration20261128000100_company_search_compact_vat';

  override up(): void {
    this.addSql(`drop index companies_search_idx`);
    this.addSql(`alter table companies drop column search_text`);
    this.addSql(`
      alter table companies add column search_text text generated always as (
        comptoir_fold(name || E'\\x1f' || coalesce(siret, '') || E'\\x1f' || coalesce(vat_number, '')
          || E'\\x1f' || coalesce(regexp_replace(vat_number, '\\s+', '', 'g'), ''))
      ) stored`);
    this.addSql(
      `create index companies_search_idx on companies using gin (workspace_id, search_text gin_trgm_ops)`,
    );
  }
}
