import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import type { EventView } from '../events/schemas.ts';
import { recordTimeline } from '../events/store.ts';
import { findInvoice } from './store.ts';

/**
 * What happened to an invoice or a credit note, oldest first (at most 200 events): its own
 * events, and those of the credit note that cancels it which name it.
 */
export async function invoiceTimeline(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<EventView[]> {
  if (!(await findInvoice(em, workspaceId, id))) throw notFound('Invoice');
  return recordTimeline(em, workspaceId, { kind: 'invoice', id });
}
