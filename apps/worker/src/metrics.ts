import type { DeliveryJob } from '@comptoir/core';
import type { Queue } from 'bullmq';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** What the delivery processor observes about each attempt. */
export interface DeliveryMetrics {
  /** Attempts by outcome (succeeded, retrying, failed). */
  deliveries: Counter<'outcome'>;
  latency: Histogram;
  eventToDelivery: Histogram;
  /** Attempts the dispatcher handed to its own process's deliverer, with no queue job. */
  handedOff: Counter;
}

/** The delivery metrics, and the queue depth by state, read from the queue when scraped. */
export function createDeliveryMetrics(registry: Registry, queue: Queue<DeliveryJob>): DeliveryMetrics {
  const metrics: DeliveryMetrics = {
    deliveries: new Counter({
      name: 'webhook_deliveries_total',
      help: 'Delivery attempts by outcome (succeeded, retrying, failed).',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    latency: new Histogram({
      name: 'webhook_delivery_duration_seconds',
      help: 'Duration of delivery attempts.',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
      registers: [registry],
    }),
    eventToDelivery: new Histogram({
      name: 'webhook_event_to_delivery_seconds',
      help: 'From the event being recorded to its successful delivery.',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30, 300],
      registers: [registry],
    }),
    handedOff: new Counter({
      name: 'webhook_attempts_handed_off_total',
      help: 'Attempts claimed by the dispatcher and sent by its own process, without a queue job.',
      registers: [registry],
    }),
  };
  registerQueueGauge(registry, queue);
  return metrics;
}

const queueStates = ['waiting', 'prioritized', 'active', 'delayed', 'failed'] as const;

function registerQueueGauge(registry: Registry, queue: Queue<DeliveryJob>): void {
  new Gauge({
    name: 'webhook_queue_jobs',
    help: 'Jobs in the BullMQ delivery queue, by state (read when scraped).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      try {
        const counts = await queue.getJobCounts(...queueStates);
        for (const state of queueStates) this.set({ state }, counts[state] ?? 0);
      } catch {
        // Redis is away: no reading rather than a stale one; webhook_deliveries_pending still tells.
        this.reset();
      }
    },
  });
}

/** The outbox and delivery backlogs in the database, for operators. */
export interface BacklogMetrics {
  unpublished: Gauge;
  lag: Gauge;
  pendingDeliveries: Gauge<'state'>;
  deliveryLag: Gauge;
}

export function createBacklogMetrics(registry: Registry): BacklogMetrics {
  return {
    unpublished: new Gauge({
      name: 'outbox_unpublished_events',
      help: 'Events recorded but not yet published.',
      registers: [registry],
    }),
    lag: new Gauge({
      name: 'outbox_lag_seconds',
      help: 'Age of the oldest unpublished event.',
      registers: [registry],
    }),
    pendingDeliveries: new Gauge({
      name: 'webhook_deliveries_pending',
      help: 'Pending webhook deliveries in the database: due now, or scheduled for a later retry.',
      labelNames: ['state'],
      registers: [registry],
    }),
    deliveryLag: new Gauge({
      name: 'webhook_delivery_lag_seconds',
      help: 'How long the oldest due delivery attempt has been waiting.',
      registers: [registry],
    }),
  };
}

/** The scheduled transitions the worker makes (invoices OVERDUE, quotes EXPIRED). */
export interface LifecycleMetrics {
  /** Records moved, by transition (invoice_overdue, quote_expired). */
  transitions: Counter<'transition'>;
}

export function createLifecycleMetrics(registry: Registry): LifecycleMetrics {
  return {
    transitions: new Counter({
      name: 'lifecycle_transitions_total',
      help: 'Records moved by the scheduled transitions, by transition (invoice_overdue, quote_expired).',
      labelNames: ['transition'],
      registers: [registry],
    }),
  };
}
