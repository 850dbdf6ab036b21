import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000400_invoices extends Migration {
  override name = 'Migration20261121000400_invoices';

  override up(): void {
    // Document numbers: one counter row per workspace, kind and year. The creating
    // transaction increments it and holds its lock until commit, so concurrent creations
    // queue, and a rolled-back creation gives its number back: no gap, no duplicate.
    this.addSql(`
      create table document_sequences (
        workspace_id text not null references workspaces (id),
        kind text not null check (kind in ('invoice', 'quote')),
        year integer not null,
        last_value integer not null,
        primary key (workspace_id, kind, year)
      )`);
    this.addSql(`
      create table invoices (
        id text primary key,
        workspace_id text not null references workspaces (id),
        -- set in the creating transaction, as its last write (see numberDocument)
        number text,
        title text not null,
        status text not null default 'DRAFT'
          check (status in ('DRAFT', 'SENT', 'PARTIAL', 'PAID', 'OVERDUE', 'CANCELLED')),
        type text not null default 'invoice',
        client_name text not null,
        client_company text,
        client_email text not null,
        currency text not null default 'EUR',
        tax_rate numeric(7, 4) not null default 0,
        discount_percent numeric(7, 4) not null default 0,
        reverse_charge boolean not null default false,
        subtotal numeric(18, 2) not null,
        -- VAT per rate ({ rate, base, vat }[]), computed with the totals when the lines are stored
        vat jsonb not null,
        tax_total numeric(18, 2) not null,
        total numeric(18, 2) not null,
        issued_at timestamptz,
        due_at timestamptz,
        paid_at timestamptz,
        paid_amount numeric(18, 2) not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (workspace_id, number),
        unique (workspace_id, id)
      )`);
    this.addSql(`create index invoices_workspace_idx on invoices (workspace_id, created_at desc, id desc)`);
    this.addSql(
      `create index invoices_workspace_status_idx on invoices (workspace_id, status, created_at desc, id desc)`,
    );
    this.addSql(`
      create table invoice_lines (
        id text primary key,
        workspace_id text not null,
        invoice_id text not null,
        position integer not null,
        title text not null,
        quantity numeric(18, 4) not null check (quantity > 0),
        unit_price numeric(18, 4) not null check (unit_price >= 0),
        tax_rate numeric(7, 4) not null,
        amount numeric(18, 2) not null,
        foreign key (workspace_id, invoice_id) references invoices (workspace_id, id),
        unique (invoice_id, position)
      )`);
  }
}
