import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000500_quotes extends Migration {
  override name = 'Migration20261121000500_quotes';

  override up(): void {
    this.addSql(`
      create table quotes (
        id text primary key,
        workspace_id text not null references workspaces (id),
        number text,
        title text not null,
        status text not null default 'DRAFT'
          check (status in ('DRAFT', 'SENT', 'SENT_FOR_SIGNATURE', 'ACCEPTED', 'REJECTED', 'REJECTED_SIGNATURE', 'EXPIRED', 'ARCHIVED')),
        client_name text not null,
        client_company text,
        client_email text not null,
        client_address text,
        client_siret text,
        client_vat_number text,
        currency text not null default 'EUR',
        tax_rate numeric(7, 4) not null default 0,
        validity_days integer not null default 30 check (validity_days between 0 and 365),
        opportunity_id text,
        contact_id text,
        intro_text text,
        terms text,
        notes text,
        subtotal numeric(18, 2) not null,
        vat jsonb not null,
        tax_total numeric(18, 2) not null,
        total numeric(18, 2) not null,
        issued_at timestamptz,
        sent_at timestamptz,
        signed_at timestamptz,
        deleted_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (workspace_id, id),
        unique (workspace_id, number),
        foreign key (workspace_id, opportunity_id) references opportunities (workspace_id, id),
        foreign key (workspace_id, contact_id) references contacts (workspace_id, id)
      )`);
    this.addSql(
      `create index quotes_workspace_idx on quotes (workspace_id, created_at desc, id desc) where deleted_at is null`,
    );
    this.addSql(
      `create index quotes_workspace_status_idx on quotes (workspace_id, status, created_at desc, id desc) where deleted_at is null`,
    );
    this.addSql(`
      create table quote_lines (
        id text primary key,
        workspace_id text not null,
        quote_id text not null,
        position integer not null,
        description text not null,
        quantity numeric(18, 4) not null check (quantity > 0),
        unit_price numeric(18, 4) not null check (unit_price >= 0),
        unit text,
        discount_percent numeric(7, 4) not null default 0,
        tax_rate numeric(7, 4) not null,
        amount numeric(18, 2) not null,
        foreign key (workspace_id, quote_id) references quotes (workspace_id, id),
        unique (quote_id, position)
      )`);
  }
}
