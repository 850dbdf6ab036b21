import { deliveryQueue } from '@comptoir/core';
import type { EntityManager, MikroORM } from '@comptoir/db';
import type { Keyring } from '@comptoir/secrets';
import { WebhookConnections } from '@comptoir/webhooks';
import type { Registry } from 'prom-client';
import { createDeliverer, startDeliveryWorker } from './delivery-processor.ts';
import { createDispatcher, type Dispatcher } from './dispatcher.ts';
import { EndpointGates } from './endpoint-gates.ts';
import { listenForEvents } from './event-listener.ts';
import { createLocalHandOff, DeliverySlots } from './hand-off.ts';
import type { WorkerLog } from './log.ts';
import { createDeliveryMetrics } from './metrics.ts';
import { createPassLoop } from './pass-loop.ts';
import { openDeliveryQueue } from './queue.ts';
import { relayOutbox } from './relay.ts';

export interface WebhookWorkerOptions {
  orm: MikroORM;
  databaseUrl: string;
  redisUrl: string;
  retrySchedule: number[];
  allowPrivateTargets: boolean;
  /** Opens the endpoints' signing secrets, stored encrypted. */
  keyring: Keyring;
  registry: Registry;
  log: WorkerLog;
  /** BullMQ key prefix (tests give each file its own). */
  prefix?: string;
  /** Jobs taken at once per process (sending, or waiting for their endpoint's turn). */
  concurrency?: number;
  /** Attempts sent at once per responsive endpoint and process (a slow one gets 5). */
  perEndpointConcurrency?: number;
  /** How often the relay and the dispatcher look again without a notification. */
  pollMs?: number;
  /** How long a taken attempt may run before it counts as lost and is dispatched again. */
  leaseMs?: number;
  /** How long a queued attempt may stay overdue before the dispatcher asks the queue about it. */
  staleMs?: number;
  /**
   * Whether the dispatcher hands attempts due now straight to this process's deliverer when it
   * has room (default true); false sends every attempt through the queue.
   */
  localHandOff?: boolean;
  /** How long this process may have no free slot before attempts due now go to the queue. */
  overflowAfterMs?: number;
  timeoutMs?: number;
}

/**
 * The relay and the delivery workers. The database is the source of truth (events, then
 * delivery rows with their next attempt time). Attempts due now that this process has room for
 * are claimed and sent here (the local hand-off); BullMQ carries the others that are due, with
 * deterministic job ids. A dispatcher re-queues any attempt the queue lost, and a claimed
 * attempt's lease runs out if its process dies, so Redis or a worker going away delays
 * deliveries and never loses one.
 */
export async function startWebhookWorker(options: WebhookWorkerOptions) {
  const { orm, log } = options;
  const prefix = options.prefix ?? deliveryQueue.prefix;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const queue = openDeliveryQueue({ redisUrl: options.redisUrl, prefix, log });
  const metrics = createDeliveryMetrics(options.registry, queue);
  const concurrency = options.concurrency ?? 200;
  const perEndpoint = options.perEndpointConcurrency ?? 50;
  const gates = new EndpointGates({ perEndpoint, perSlowEndpoint: Math.min(5, perEndpoint), slowMs: 1_000 });
  const slots = new DeliverySlots(concurrency);
  // Longer than any attempt can take (the send times out, then one write records it).
  const leaseMs = options.leaseMs ?? timeoutMs + 15_000;
  let wake = () => {};
  const connections = new WebhookConnections();
  const deliverer = createDeliverer({
    orm,
    timeoutMs,
    leaseMs,
    retrySchedule: options.retrySchedule,
    allowPrivateTargets: options.allowPrivateTargets,
    connections,
    keyring: options.keyring,
    metrics,
    log,
    onAttemptFailed: () => {
      dispatcher.attemptFailed();
      wake();
    },
  });
  const handOff =
    options.localHandOff === false
      ? undefined
      : createLocalHandOff({
          slots,
          gates,
          perEndpoint,
          leaseMs,
          overflowAfterMs: options.overflowAfterMs ?? 5_000,
          deliverClaimed: deliverer.deliverClaimed,
          handedOff: metrics.handedOff,
          em: () => orm.em.fork(),
          log,
        });
  const dispatcher = createDispatcher(queue, options.staleMs ?? 10_000, handOff);
  const passes = createPassLoop(
    (stopped) => relayAndDispatch(orm.em.fork(), dispatcher, stopped),
    (error) => log.warn({ err: error }, 'relay or dispatch failed; retrying'),
  );
  wake = passes.wake;
  const worker = startDeliveryWorker({
    redisUrl: options.redisUrl,
    prefix,
    concurrency,
    gates,
    slots,
    deliver: deliverer.deliver,
    log,
  });

  // NOTIFY arrives when an event commits; polling covers the times it cannot.
  const listener = listenForEvents({
    databaseUrl: options.databaseUrl,
    channel: 'comptoir_events',
    onNotification: passes.wake,
    log,
  });
  const poller = setInterval(passes.wake, options.pollMs ?? 1000);
  passes.wake();

  return {
    queue,
    worker,
    /** Finishes the jobs in flight, then stops taking new ones. */
    async stop() {
      clearInterval(poller);
      await passes.stop();
      await Promise.all([worker.close(), handOff?.stop()]);
      connections.close();
      await queue.close();
      await listener.stop();
    },
  };
}

/** One pass of the relay, then of the dispatcher; true when either stopped with work left. */
async function relayAndDispatch(db: EntityManager, dispatcher: Dispatcher, stopped: () => boolean) {
  const relayLeft = await relayOutbox(db, stopped);
  const dispatchLeft = await dispatcher.dispatchDue(db, stopped);
  if (!stopped()) await dispatcher.requeueLost(db);
  return relayLeft || dispatchLeft;
}
