import type { EntityManager } from '@comptoir/db';
import type { ListPage } from '../paging/index.ts';
import type { QuoteListQuery, QuoteView } from './schemas.ts';
import { quotePage } from './store.ts';

export async function listQuotes(
  em: EntityManager,
  workspaceId: string,
  query: QuoteListQuery,
): Promise<ListPage<QuoteView>> {
  return quotePage(em, workspaceId, query);
}
