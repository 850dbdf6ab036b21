import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import type { OpportunityDetailView } from './schemas.ts';
import { findOpportunity } from './store.ts';

/** An opportunity with the time its quote was sent (OpportunityDetail). */
export async function getOpportunity(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<OpportunityDetailView> {
  const opportunity = await findOpportunity(em, workspaceId, id);
  if (!opportunity) throw notFound('Opportunity');
  return opportunity;
}
