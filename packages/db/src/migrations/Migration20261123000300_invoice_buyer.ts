import { Migration } from '@mikro-orm/migrations';

/**
 * The buyer and operation fields a legal invoice names (rulings: "Documents"): the buyer's
 * postal address and country, SIREN and VAT number, a delivery address when it differs, and
 * the operation category (goods, services or both), a mention of the 2026 e-invoicing reform.
 * Existing invoices get the defaults: a French buyer, services. The identifiers' checks (Luhn,
 * VAT shapes) are the use cases': the columns keep what passed them.
 */
export class Migration20261123000300_invoice_buyer extends Migration {
  override name = 'Migration20261123000300_invoice_buyer';

  override up(): void {
    this.addSql(`
      alter table invoices
        add column client_address text,
        add column client_postal_code text,
        add column client_city text,
        add column client_country_code text not null default 'FR',
        add column client_siren text,
        add column client_vat_number text,
        add column delivery_address text,
        add column operation_category text not null default 'services',
        add constraint invoices_operation_category_check
          check (operation_category in ('goods', 'services', 'mixed'))`);
  }
}
