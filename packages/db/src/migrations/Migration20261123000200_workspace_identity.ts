import { Migration } from '@mikro-orm/migrations';

/**
 * The seller's legal identity (rulings: "Lifecycles", Workspace): what an EN 16931 document
 * needs to name its seller. Every identity column is nullable until the workspace sets it; the
 * payment terms and the VAT-on-debits option have defaults, so existing workspaces stay valid.
 * The identifiers' checks (Luhn, mod-97, shapes) are the use case's: they are rules about
 * values a workspace sends, and the columns keep what passed them.
 */
export class Migration20261123000200_workspace_identity extends Migration {
  override name = 'Migration20261123000200_workspace_identity';

  override up(): void {
    this.addSql(`
      alter table workspaces
        add column legal_name text,
        add column legal_form text,
        add column share_capital numeric(18, 2),
        add column rcs_city text,
        add column siren text,
        add column siret text,
        add column vat_number text,
        add column address jsonb,
        add column iban text,
        add column bic text,
        add column payment_terms_days int not null default 30,
        add column late_penalty_rate numeric(7, 4),
        add column vat_on_debits boolean not null default false`);
  }
}
