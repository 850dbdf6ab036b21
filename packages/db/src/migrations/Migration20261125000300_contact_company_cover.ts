import { Migration } from '@mikro-orm/migrations';

/**
 * Contacts found through their company's name (issue 16, target 3; docs/benchmarks.md "Contact
 * and company search"): the search's second branch probes contacts_company_idx once per matching
 * company and reads each contact's (id, created_at, search_text) from the heap, 4,045 rows in as
 * many blocks for `torrefaction`. With those columns in the index the probe is an index-only
 * scan (no heap fetch on a vacuumed table): 20.0-20.2 -> 13.0-16.8 ms for the whole search
 * statement (pgbench, one client, same run). The key is unchanged, so the index still serves
 * what it served (the foreign key from contacts to companies, a company's contacts).
 */
export class Migration20261125000300_contact_company_cover extends Migration {
  override name = 'Migration20261125000300_contact_company_cover';

  override up(): void {
    this.addSql(`drop index contacts_company_idx`);
    this.addSql(
      `create index contacts_company_idx on contacts (workspace_id, company_id) include (id, created_at, search_text)`,
    );
  }
}
