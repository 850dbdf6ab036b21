import { Migration } from '@mikro-orm/migrations';

/**
 * What the e-invoicing platform's checks need of an invoice (issue 34): the day the goods were
 * delivered or the service done (EN 16931 BT-72, a calendar date), and why its lines carry no
 * VAT, a VATEX code (BT-121) from a closed list. Both null on existing invoices: nothing was said
 * of either, and their documents, already issued, never change.
 */
export class Migration20261130000000_invoice_delivery_date_vat_exemption extends Migration {
  override name = 'Migration20261130000000_invoice_delivery_date_vat_exemption';

  override up(): void {
    this.addSql(`
      alter table invoices
        add column delivery_date date,
        add column vat_exemption text,
        add constraint invoices_vat_exemption_check
          check (vat_exemption in ('VATEX-FR-FRANCHISE', 'VATEX-FR-CGI261-4', 'VATEX-EU-G', 'VATEX-EU-IC', 'VATEX-EU-O'))`);
  }
}
