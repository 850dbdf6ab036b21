import { Migration } from '@mikro-orm/migrations';

/**
 * contacts.list's `companyId` filter (a company's contacts, newest first, paged): with
 * contacts_company_idx on (workspace_id, company_id) the page read every contact of the company
 * from the heap and sorted them, 4,000 rows for a company of 4,000 contacts among 10,000 (330
 * buffers; the planner even preferred contacts_workspace_idx, filtering the workspace's rows).
 * With the list's order in the key, the page reads its 20 rows in order and the total counts
 * the company's entries in the index alone (83 buffers). id and created_at move from INCLUDE
 * into the key, so the index still covers what it covered (the search's branch through the
 * companies, Migration20261125000300_contact_company_cover) and still serves the foreign key.
 */
export class Migration20261201200000_contact_company_order extends Migration {
  override name = 'Migration20261201200000_contact_company_order';

  override up(): void {
    this.addSql(`drop index contacts_company_idx`);
    this.addSql(
      `create index contacts_company_idx on contacts (workspace_id, company_id, created_at desc, id desc) include (search_text)`,
    );
  }
}
