import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000300_opportunities extends Migration {
  override name = 'Migration20261121000300_opportunities';

  override up(): void {
    this.addSql(`
      create table opportunities (
        id text primary key,
        workspace_id text not null references workspaces (id),
        title text not null,
        status text not null default 'DRAFT'
          check (status in ('DRAFT', 'QUOTE_SENT', 'WAITING_REPLY', 'REPLIED', 'HOT', 'WON', 'LOST')),
        amount numeric(18, 4) check (amount >= 0),
        priority text,
        contact_id text,
        company_id text,
        last_contact_at timestamptz,
        next_follow_up_at timestamptz,
        won_at timestamptz,
        quote_sent_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (workspace_id, id),
        foreign key (workspace_id, contact_id) references contacts (workspace_id, id),
        foreign key (workspace_id, company_id) references companies (workspace_id, id)
      )`);
    this.addSql(
      `create index opportunities_workspace_idx on opportunities (workspace_id, created_at desc, id desc)`,
    );
    this.addSql(
      `create index opportunities_workspace_status_idx on opportunities (workspace_id, status, created_at desc, id desc)`,
    );
  }
}
