import type { EntityManager } from '@comptoir/db';
import type { ListPage } from '../paging/index.ts';
import type { LedgerEntry, LedgerQuery } from './schemas.ts';
import { ledgerPage } from './store.ts';

/** The stock ledger, newest first. */
export function listLedger(
  em: EntityManager,
  workspaceId: string,
  query: LedgerQuery,
): Promise<ListPage<LedgerEntry>> {
  return ledgerPage(em, workspaceId, query);
}
