import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000200_contacts extends Migration {
  override name = 'Migration20261121000200_contacts';

  override up(): void {
    // q on companies searches name, siret and vatNumber as one folded text (see products).
    this.addSql(`
      create index companies_search_idx on companies using gin (
        comptoir_fold(name || E'\\x1f' || coalesce(siret, '') || E'\\x1f' || coalesce(vat_number, '')) gin_trgm_ops
      )`);
    // q on contacts also searches the contact's company by name.
    this.addSql(
      `create index companies_name_search_idx on companies using gin (comptoir_fold(name) gin_trgm_ops)`,
    );
    this.addSql(`
      create table contacts (
        id text primary key,
        workspace_id text not null references workspaces (id),
        name text not null,
        email text not null,
        phone text,
        company_id text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (workspace_id, id),
        foreign key (workspace_id, company_id) references companies (workspace_id, id)
      )`);
    // One e-mail per workspace, compared case-insensitively, enforced where races cannot win.
    this.addSql(`create unique index contacts_workspace_email_key on contacts (workspace_id, lower(email))`);
    this.addSql(`create index contacts_workspace_idx on contacts (workspace_id, created_at desc, id desc)`);
    this.addSql(`create index contacts_company_idx on contacts (workspace_id, company_id)`);
    this.addSql(`
      create index contacts_search_idx on contacts using gin (
        comptoir_fold(name || E'\\x1f' || email) gin_trgm_ops
      )`);
  }
}
