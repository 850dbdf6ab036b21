import { Migration } from '@mikro-orm/migrations';

/**
 * Records that move (rulings: "Lifecycles"): invoice lines shaped like quote lines, payments,
 * credit notes in their own series, the discount and the paid amount inside EN 16931 totals,
 * and the links between a quote, the invoice it became, and an invoice's credit note.
 *
 * Existing rows stay consistent: they have no document discount, so their stored subtotal,
 * taxes and total are already what the new totals compute; only the taxes' key is renamed.
 */
export class Migration20261123000000_lifecycles extends Migration {
  override name = 'Migration20261123000000_lifecycles';

  override up(): void {
    this.addSql(`alter table document_sequences drop constraint document_sequences_kind_check`);
    this.addSql(`
      alter table document_sequences add constraint document_sequences_kind_check
        check (kind in ('invoice', 'quote', 'credit_note'))`);

    // A line's label is its `description` on every document; its net is rounded to the cent.
    this.addSql(`alter table invoice_lines rename column title to description`);
    this.addSql(`alter table invoice_lines rename column amount to net_amount`);
    this.addSql(`alter table invoice_lines add column unit text`);
    this.addSql(`alter table invoice_lines add column discount_percent numeric(7, 4) not null default 0`);
    this.addSql(`alter table quote_lines rename column amount to net_amount`);

    // VAT per rate as EN 16931 names it: { rate, base, amount }[], base after the discount.
    for (const table of ['invoices', 'quotes']) {
      this.addSql(`alter table ${table} rename column vat to taxes`);
      this.addSql(`
        update ${table} set taxes = coalesce((
          select jsonb_agg(jsonb_build_object('rate', entry -> 'rate', 'base', entry -> 'base', 'amount', entry -> 'vat'))
            from jsonb_array_elements(taxes) as entry), '[]'::jsonb)`);
      this.addSql(`alter table ${table} add column discount_amount numeric(18, 2) not null default 0`);
    }

    this.addSql(`
      alter table invoices
        add constraint invoices_type_check check (type in ('invoice', 'credit_note')),
        add column credited_invoice_id text,
        add column credit_note_id text,
        add constraint invoices_credited_invoice_fkey foreign key (workspace_id, credited_invoice_id)
          references invoices (workspace_id, id),
        add constraint invoices_credit_note_fkey foreign key (workspace_id, credit_note_id)
          references invoices (workspace_id, id)`);
    // The worker's overdue sweep reads only invoices that can become overdue.
    this.addSql(`
      create index invoices_overdue_idx on invoices (due_at)
        where status in ('SENT', 'PARTIAL')`);

    this.addSql(`
      alter table quotes
        add column invoice_id text,
        add constraint quotes_invoice_fkey foreign key (workspace_id, invoice_id)
          references invoices (workspace_id, id)`);
    // The worker's expiry sweep reads only quotes that can expire.
    this.addSql(`
      create index quotes_expiry_idx on quotes (sent_at)
        where status in ('SENT', 'SENT_FOR_SIGNATURE')`);

    this.addSql(`
      create table invoice_payments (
        id text primary key,
        workspace_id text not null,
        invoice_id text not null,
        amount numeric(18, 2) not null check (amount > 0),
        paid_at timestamptz not null,
        method text not null
          check (method in ('transfer', 'card', 'cash', 'check', 'direct_debit', 'other')),
        reference text,
        created_at timestamptz not null default now(),
        foreign key (workspace_id, invoice_id) references invoices (workspace_id, id)
      )`);
    this.addSql(`create index invoice_payments_invoice_idx on invoice_payments (invoice_id, paid_at, id)`);
  }
}
