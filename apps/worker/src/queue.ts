import { type DeliveryJob, deliveryQueue } from '@comptoir/core';
import { Queue } from 'bullmq';
import type { WorkerLog } from './log.ts';

/**
 * The delivery queue, as the dispatcher adds to it. Its connection fails fast while Redis is
 * away (a command would otherwise wait for its return, and the relay with it); the dispatcher
 * tries again on its next pass.
 */
export function openDeliveryQueue(options: { redisUrl: string; prefix: string; log: WorkerLog }) {
  const queue = new Queue<DeliveryJob>(deliveryQueue.name, {
    connection: { url: options.redisUrl, maxRetriesPerRequest: 1, enableOfflineQueue: false },
    prefix: options.prefix,
    // The database keeps every attempt; Redis keeps only a recent window for the dashboard.
    // An age alone let completed jobs grow with throughput (1.4 KB each: 680 MB after an hour
    // at 136 deliveries/s in the soak run).
    defaultJobOptions: {
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 24 * 3600, count: 10_000 },
    },
  });
  queue.on('error', (error) => options.log.warn({ err: error }, 'delivery queue error'));
  return queue;
}
