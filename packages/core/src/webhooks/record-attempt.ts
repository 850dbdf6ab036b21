import type { EntityManager } from '@comptoir/db';
import { retryAfterDelay, retryDelay, type SendResult } from '@comptoir/webhooks';
import { recordEvent } from '../events/record.ts';
import { countEndpointFailure, recordFailedAttempt, recordSuccesses } from './attempt-store.ts';
import { type AttemptOutcome, type ClaimedDelivery, retryAfterCapMs } from './delivery.ts';

/**
 * When a failed attempt is tried again: on the schedule, or after Retry-After on 429/503
 * (capped); never after a 410 or once the schedule is spent (null).
 */
function nextAttemptTime(result: SendResult, attempt: number, schedule: number[]): Date | null {
  const throttled = result.status === 429 || result.status === 503;
  const delay =
    result.status === 410
      ? null
      : ((throttled ? retryAfterDelay(result.retryAfter, Date.now(), retryAfterCapMs) : null) ??
        retryDelay(schedule, attempt));
  return delay === null ? null : new Date(Date.now() + delay);
}

/**
 * Records an attempt and decides what follows: success (see recordSuccesses); a retry on the
 * schedule (or after Retry-After on 429/503, capped); or failure once the schedule is spent.
 * A 410 disables the endpoint, and so does a run of failures longer than
 * failingEndpointDisableDays; both record `webhook_endpoint.disabled`.
 */
export async function recordDeliveryAttempt(
  em: EntityManager,
  claimed: ClaimedDelivery,
  startedAt: Date,
  result: SendResult,
  schedule: number[],
): Promise<{ outcome: AttemptOutcome; nextAttemptAt: Date | null }> {
  if (result.ok) {
    await recordSuccesses(em, [{ claimed, startedAt, result }]);
    return { outcome: 'succeeded', nextAttemptAt: null };
  }
  const nextAttemptAt = nextAttemptTime(result, claimed.attempt, schedule);
  const outcome: AttemptOutcome = nextAttemptAt ? 'retrying' : 'failed';
  return em.transactional(async (tx) => {
    await recordFailedAttempt(
      tx,
      { claimed, startedAt, result },
      { status: outcome === 'retrying' ? 'pending' : 'failed', attemptAt: nextAttemptAt },
    );
    const endpoint = await countEndpointFailure(tx, claimed.endpoint.id, result.status === 410);
    if (endpoint && endpoint.status === 'disabled') {
      await recordEvent(tx, claimed.workspaceId, 'webhook_endpoint.disabled', endpoint);
    }
    return { outcome, nextAttemptAt };
  });
}
