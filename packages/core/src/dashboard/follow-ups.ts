import type { EntityManager } from '@comptoir/db';
import { opportunitiesToFollowUp } from '../opportunities/store.ts';
import { dashboardListLimit, type FollowUpsView } from './schemas.ts';

const withinDays = 7;

/**
 * The open opportunities to follow up at `now`: their follow-up is past or within 7 days. How
 * many, and the 5 soonest.
 */
export function dashboardFollowUps(
  em: EntityManager,
  workspaceId: string,
  now: Date = new Date(),
): Promise<FollowUpsView> {
  const by = new Date(now.getTime() + withinDays * 86_400_000);
  return opportunitiesToFollowUp(em, workspaceId, by, dashboardListLimit);
}
