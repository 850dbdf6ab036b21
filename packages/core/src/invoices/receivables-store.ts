import { type EntityManager, kysely } from '@comptoir/db';
import { sql } from 'kysely';

// The dashboard's reads of the invoices (dashboard/receivables.ts): what is owed, and revenue.

export interface Owed {
  amount: number;
  count: number;
}

/**
 * What the workspace's invoices in `currency` are owed, at `now`: the balances (total − paid) of
 * the overdue ones (OVERDUE, and SENT or PARTIAL past their due date, which the sweep has not
 * marked yet) and of the SENT or PARTIAL ones due from now to `dueBy`. Credit notes and
 * cancelled invoices owe nothing (owesBalance) and are left out by status and type. One
 * statement, read from the covering index invoices_owed_idx
 * (Migration20261201100200_dashboard_receivables).
 */
export async function owedInvoices(
  em: EntityManager,
  workspaceId: string,
  currency: string,
  now: Date,
  dueBy: Date,
): Promise<{ overdue: Owed; dueSoon: Owed }> {
  const at = sql<Date>`${now.toISOString()}::timestamptz`;
  const by = sql<Date>`${dueBy.toISOString()}::timestamptz`;
  const overdue = sql<boolean>`(status = 'OVERDUE' or (status in ('SENT', 'PARTIAL') and due_at < ${at}))`;
  const dueSoon = sql<boolean>`(status in ('SENT', 'PARTIAL') and due_at >= ${at} and due_at < ${by})`;
  const row = await kysely(em)
    .selectFrom('invoices')
    .select([
      sql<string>`coalesce(sum(total - paid_amount) filter (where ${overdue}), 0)`.as('overdue_amount'),
      sql<string>`count(*) filter (where ${overdue})`.as('overdue_count'),
      sql<string>`coalesce(sum(total - paid_amount) filter (where ${dueSoon}), 0)`.as('due_soon_amount'),
      sql<string>`count(*) filter (where ${dueSoon})`.as('due_soon_count'),
    ])
    .where('workspace_id', '=', workspaceId)
    // the predicate of invoices_owed_idx, written as there (a literal, not parameters)
    .where(sql<boolean>`status in ('SENT', 'PARTIAL', 'OVERDUE')`)
    .where('type', '=', 'invoice')
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow();
  return {
    overdue: { amount: Number(row.overdue_amount), count: Number(row.overdue_count) },
    dueSoon: { amount: Number(row.due_soon_amount), count: Number(row.due_soon_count) },
  };
}

/**
 * The workspace's revenue in `currency` per calendar month (UTC, `YYYY-MM`) of issue, from `from`
 * (included) to `to` (excluded): the totals excluding tax (total − tax) of the invoices issued,
 * a cancelled one included, less those of the credit notes issued, each in the month of its own
 * issue. Drafts have no issue date. Months without a document are absent. Summed in NUMERIC:
 * exact to the cent. Read from the covering index invoices_revenue_idx.
 */
export async function revenueByIssueMonth(
  em: EntityManager,
  workspaceId: string,
  currency: string,
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  const rows = await kysely(em)
    .selectFrom('invoices')
    .select([
      sql<string>`to_char(issued_at at time zone 'UTC', 'YYYY-MM')`.as('month'),
      sql<string>`sum(case when type = 'credit_note' then tax_total - total else total - tax_total end)`.as(
        'amount',
      ),
    ])
    .where('workspace_id', '=', workspaceId)
    // the predicate of invoices_revenue_idx, written as there
    .where(sql<boolean>`status <> 'DRAFT'`)
    .where('currency', '=', currency)
    .where('issued_at', '>=', sql<Date>`${from.toISOString()}::timestamptz`)
    .where('issued_at', '<', sql<Date>`${to.toISOString()}::timestamptz`)
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((row) => [row.month, Number(row.amount)]));
}
