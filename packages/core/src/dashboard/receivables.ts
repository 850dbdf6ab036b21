import type { EntityManager } from '@comptoir/db';
import { owedInvoices, revenueByIssueMonth } from '../invoices/receivables-store.ts';
import { fillMonths, monthStart } from './months.ts';
import type { ReceivablesView } from './schemas.ts';

const currency = 'EUR';
const dueSoonDays = 30;
const dayMs = 86_400_000;

/**
 * What the workspace is owed and has invoiced, at `now`: the balances overdue and due within 30
 * days, and the revenue of the 12 calendar months (UTC) ending with the current one, every month
 * present. Invoices in euros only (the dashboard's currency).
 */
export async function dashboardReceivables(
  em: EntityManager,
  workspaceId: string,
  now: Date = new Date(),
): Promise<ReceivablesView> {
  const owed = await owedInvoices(
    em,
    workspaceId,
    currency,
    now,
    new Date(now.getTime() + dueSoonDays * dayMs),
  );
  const revenue = await revenueByIssueMonth(
    em,
    workspaceId,
    currency,
    monthStart(now, -11),
    monthStart(now, 1),
  );
  return { currency, ...owed, revenueByMonth: fillMonths(now, revenue) };
}
