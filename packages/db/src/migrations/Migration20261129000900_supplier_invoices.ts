import { Migration } from '@mikro-orm/migrations';

/**
 * Supplier invoices (issue 34; rulings: "E-invoicing"): each incoming flow is one record, unique
 * per workspace and flow id (a flow fetched twice is one record), its file kept byte for byte
 * with its SHA-256, its lines (with the product of ours each names), its payments; money as
 * NUMERIC. And the lifecycle statuses owed to the platform (a refusal's "Refusée 210"), recorded
 * in the transaction of the change, for a sender to deliver.
 */
export class Migration20261129000900_supplier_invoices extends Migration {
  override name = 'Migration20261129000900_supplier_invoices';

  override up(): void {
    this.addSql(`
      create table supplier_invoices (
        id text primary key,
        workspace_id text not null,
        flow_id text not null,
        status text not null check (status in ('received', 'approved', 'refused', 'paid', 'unreadable')),
        format text check (format in ('factur-x', 'cii', 'ubl')),
        type text check (type in ('invoice', 'credit_note')),
        supplier_company_id text,
        supplier_name text,
        supplier_siren text,
        supplier_vat_number text,
        number text,
        issued_at timestamptz,
        due_at timestamptz,
        currency text,
        subtotal numeric(18, 2),
        discount_amount numeric(18, 2),
        taxes jsonb,
        tax_total numeric(18, 2),
        total numeric(18, 2),
        prepaid_amount numeric(18, 2),
        amount_due numeric(18, 2),
        paid_amount numeric(18, 2) not null default 0,
        paid_at timestamptz,
        iban text,
        payment_terms text,
        validation jsonb,
        reason text,
        received_at timestamptz not null,
        stock_reception jsonb,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint supplier_invoices_workspace_id_fkey foreign key (workspace_id) references workspaces (id),
        constraint supplier_invoices_workspace_id_flow_id_key unique (workspace_id, flow_id),
        constraint supplier_invoices_workspace_id_id_key unique (workspace_id, id),
        constraint supplier_invoices_workspace_id_supplier_company_id_fkey
          foreign key (workspace_id, supplier_company_id) references companies (workspace_id, id)
      )`);
    this.addSql(`
      create index supplier_invoices_workspace_idx
        on supplier_invoices (workspace_id, created_at desc, id desc)`);
    this.addSql(`
      create index supplier_invoices_workspace_status_idx
        on supplier_invoices (workspace_id, status, created_at desc, id desc)`);

    this.addSql(`
      create table supplier_invoice_lines (
        id text primary key,
        workspace_id text not null,
        supplier_invoice_id text not null,
        position integer not null,
        description text not null,
        quantity numeric(18, 4) not null,
        unit_price numeric(18, 4),
        unit_code text,
        tax_rate numeric(7, 4),
        tax_category text,
        net_amount numeric(18, 2) not null,
        seller_item_id text,
        standard_item_id text,
        standard_item_scheme text,
        product_id text,
        constraint supplier_invoice_lines_supplier_invoice_id_position_key unique (supplier_invoice_id, position),
        constraint supplier_invoice_lines_workspace_id_supplier_invoice_id_fkey
          foreign key (workspace_id, supplier_invoice_id) references supplier_invoices (workspace_id, id),
        constraint supplier_invoice_lines_workspace_id_product_id_fkey
          foreign key (workspace_id, product_id) references products (workspace_id, id)
      )`);

    this.addSql(`
      create table supplier_invoice_files (
        supplier_invoice_id text primary key,
        workspace_id text not null,
        content bytea not null,
        declared_content_type text,
        content_type text not null,
        file_name text not null,
        sha256 text not null,
        created_at timestamptz not null default now(),
        constraint supplier_invoice_files_workspace_id_supplier_invoice_id_fkey
          foreign key (workspace_id, supplier_invoice_id) references supplier_invoices (workspace_id, id)
      )`);

    this.addSql(`
      create table supplier_invoice_payments (
        id text primary key,
        workspace_id text not null,
        supplier_invoice_id text not null,
        amount numeric(18, 2) not null check (amount > 0),
        paid_at timestamptz not null,
        method text not null
          check (method in ('transfer', 'card', 'cash', 'check', 'direct_debit', 'other')),
        reference text,
        created_at timestamptz not null default now(),
        constraint supplier_invoice_payments_workspace_id_supplier_invoice_id_fkey
          foreign key (workspace_id, supplier_invoice_id) references supplier_invoices (workspace_id, id)
      )`);
    this.addSql(`
      create index supplier_invoice_payments_invoice_idx
        on supplier_invoice_payments (supplier_invoice_id, paid_at, id)`);

    this.addSql(`
      create table einvoice_status_outbox (
        id text primary key,
        workspace_id text not null,
        subject_kind text not null,
        subject_id text not null,
        status text not null,
        reason text,
        payload jsonb not null,
        created_at timestamptz not null default now(),
        sent_at timestamptz,
        constraint einvoice_status_outbox_workspace_id_fkey foreign key (workspace_id) references workspaces (id)
      )`);
    this.addSql(`
      create index einvoice_status_outbox_unsent_idx on einvoice_status_outbox (created_at, id)
        where sent_at is null`);
  }
}
