import { relayEvents } from '@comptoir/core';
import type { EntityManager } from '@comptoir/db';
import { batchSize, boundedBatches } from './pass-loop.ts';

/**
 * The outbox relay: claims unpublished events and creates one delivery row per (event,
 * endpoint), a batch at a time. True when it stopped at the pass's bound with events left.
 */
export function relayOutbox(db: EntityManager, stopped: () => boolean): Promise<boolean> {
  return boundedBatches(async () => {
    const relayed = await relayEvents(db, batchSize);
    return relayed.events >= batchSize;
  }, stopped);
}
