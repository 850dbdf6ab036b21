import type { EntityManager } from '@comptoir/db';
import { quotesAwaitingAnswer } from '../quotes/store.ts';
import { dashboardListLimit, type QuotesAwaitingView } from './schemas.ts';

/** The quotes awaiting the client's answer: how many, and the 5 sent longest ago. */
export function dashboardQuotesAwaiting(em: EntityManager, workspaceId: string): Promise<QuotesAwaitingView> {
  return quotesAwaitingAnswer(em, workspaceId, dashboardListLimit);
}
