import type { EntityManager } from '@comptoir/db';
import type { EinvoiceView } from './schemas.ts';
import { hasConnection, insertSubmission, writeEinvoiceStatus } from './store.ts';

/**
 * In the transaction that issues an invoice or a credit note: when the workspace has a platform
 * connection, its document is owed to the platform. The invoice reads `pending` and the
 * submission outbox gets its row, both committed with the issue or not at all, so nothing issued
 * is ever left unsubmitted. Without a connection nothing is owed: `einvoice` stays null.
 */
export async function oweSubmission(
  tx: EntityManager,
  workspaceId: string,
  invoiceId: string,
): Promise<EinvoiceView | null> {
  if (!(await hasConnection(tx, workspaceId))) return null;
  const einvoice = await writeEinvoiceStatus(tx, workspaceId, invoiceId, {
    status: 'pending',
    platformCode: null,
    reason: null,
    flowId: null,
    source: 'comptoir',
  });
  await insertSubmission(tx, workspaceId, invoiceId);
  return einvoice;
}
