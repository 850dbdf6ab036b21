import { type ClaimedDelivery, claimDueAttempts } from '@comptoir/core';
import type { EntityManager } from '@comptoir/db';
import type { Delivered } from './delivery-processor.ts';
import type { EndpointGates } from './endpoint-gates.ts';
import type { WorkerLog } from './log.ts';
import { batchSize, createPassLoop } from './pass-loop.ts';

/**
 * The attempts this process has in flight, by either path (a queued job or the local hand-off),
 * against its concurrency: together they never exceed it. A queued job waits here for a slot
 * (its job lock is renewed meanwhile); a claimed attempt never waits, the hand-off only claims
 * what is `free`. `onFreed` hears of every slot that frees, with its endpoint.
 */
export class DeliverySlots {
  #used = 0;
  readonly #capacity: number;
  readonly #waiting: (() => void)[] = [];
  onFreed: (endpointId: string) => void = () => {};

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** Slots neither in use nor promised to a queued job waiting for one. */
  get free(): number {
    return Math.max(0, this.#capacity - this.#used - this.#waiting.length);
  }

  /** Takes a slot for a claimed attempt, at once. */
  take(): void {
    this.#used += 1;
  }

  /** Takes a slot for a queued job: now, or once one frees (queued jobs waiting come first). */
  async acquire(): Promise<void> {
    if (this.#used < this.#capacity && this.#waiting.length === 0) {
      this.#used += 1;
      return;
    }
    // The slot is handed over by give(), still counted as used.
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  give(endpointId: string): void {
    const next = this.#used <= this.#capacity ? this.#waiting.shift() : undefined;
    if (next) next();
    else this.#used -= 1;
    this.onFreed(endpointId);
  }
}

/** Freed slots a take waits for while more than that many attempts are in flight. */
const minTake = 16;
/** The longest a freed slot waits for its take. */
const takeDelayMs = 5;

export interface LocalHandOff {
  /**
   * Soon (now, or right after the take running), claims the attempts due now that this process
   * has room for (free slots, and its endpoint's gate admits them at once) and starts sending
   * them, with no queue job. It runs beside the dispatcher's pass, which goes on to its next
   * relay meanwhile.
   */
  takeSoon(): void;
  /**
   * The endpoints whose attempts due now go to the queue: the slow ones, whose excess the queue
   * spreads out. Undefined (all of them, as without a hand-off) once this process has had no
   * free slot for `overflowAfterMs`: it is behind, and the queue shares the excess out.
   */
  queuedDueNow(): readonly string[] | undefined;
  /** No refill starts after this; resolves once the attempts it started have ended. */
  stop(): Promise<void>;
}

export interface LocalHandOffOptions {
  slots: DeliverySlots;
  gates: EndpointGates;
  /** Attempts sent at once per responsive endpoint, as the gates count them. */
  perEndpoint: number;
  leaseMs: number;
  overflowAfterMs: number;
  deliverClaimed: (claimed: ClaimedDelivery) => Promise<Delivered>;
  /** Counts the attempts handed off. */
  handedOff: { inc(count: number): void };
  /** A fresh EntityManager, for each take. */
  em: () => EntityManager;
  log: WorkerLog;
}

/**
 * The local hand-off: the dispatcher claims attempts due now straight from the database (one
 * statement selects and claims them, with the same lease and attempt count as a queued job's
 * claim, so a second process or a queued copy of the attempt skips it) and this process sends
 * them at once. If the process dies, the lease runs out and the attempt is due again.
 */
export function createLocalHandOff(options: LocalHandOffOptions): LocalHandOff {
  const { slots, gates } = options;
  /** Since when this process has had no free slot (undefined: it has one). */
  let fullSince: number | undefined;
  /** Endpoints that had attempts left due at the last look: a slot they free calls for a pass. */
  const waitingFor = new Set<string>();
  /** The last look left attempts due for any endpoint: any freed slot calls for a pass. */
  let leftAny = false;
  const sending = new Set<Promise<void>>();

  // Takes run one at a time, each with an EntityManager of its own: after each relay, and when
  // a slot frees while attempts were left due (a take alone, without the relay and the queue's
  // statements of a dispatcher pass).
  const takes = createPassLoop(
    async () => {
      await take(options.em());
      return false;
    },
    (error) => options.log.warn({ err: error }, 'local hand-off failed; retrying'),
  );
  // A take per freed slot made takes of ~11 attempts under load, each one statement: with many
  // attempts in flight, a take waits for `minTake` freed slots or `takeDelayMs`, whichever comes
  // first; with few in flight it starts at once, so a quiet stream waits for nothing
  // (docs/benchmarks.md, "Webhook delivery: takes of 16").
  let freedSinceTake = 0;
  let delayedTake: NodeJS.Timeout | undefined;
  slots.onFreed = (endpointId) => {
    freedSinceTake += 1;
    if (!(leftAny || waitingFor.has(endpointId))) return;
    if (freedSinceTake >= minTake || sending.size <= minTake) takes.wake();
    // The take clears it, whoever started the take.
    else delayedTake ??= setTimeout(takes.wake, takeDelayMs);
  };

  function start(claimed: ClaimedDelivery) {
    const endpointId = claimed.endpoint.id;
    slots.take();
    gates.occupy(endpointId);
    let durationMs: number | undefined;
    const delivery = options
      .deliverClaimed(claimed)
      .then(
        (done) => {
          durationMs = done.durationMs;
        },
        // The attempt stays claimed: its lease runs out and it is dispatched again.
        (error: unknown) => options.log.warn({ err: error }, 'local delivery failed; its lease will run out'),
      )
      .finally(() => {
        gates.release(endpointId, durationMs);
        sending.delete(delivery);
        slots.give(endpointId);
      });
    sending.add(delivery);
  }

  async function take(db: EntityManager): Promise<void> {
    freedSinceTake = 0;
    clearTimeout(delayedTake);
    delayedTake = undefined;
    const limit = Math.min(slots.free, batchSize);
    if (limit === 0) {
      fullSince ??= Date.now();
      leftAny = true;
      return;
    }
    const room = gates.room();
    const claimed = await claimDueAttempts(db, {
      limit,
      perEndpoint: options.perEndpoint,
      room,
      leaseMs: options.leaseMs,
    });
    for (const attempt of claimed) start(attempt);
    if (claimed.length > 0) options.handedOff.inc(claimed.length);

    // What may be left due: the look stopped at `limit`, or an endpoint got all it had room
    // for, or was not looked at because it had none.
    const freeOf = new Map(room.map((endpoint) => [endpoint.endpointId, endpoint.free]));
    const taken = new Map<string, number>();
    for (const attempt of claimed) {
      taken.set(attempt.endpoint.id, (taken.get(attempt.endpoint.id) ?? 0) + 1);
    }
    waitingFor.clear();
    for (const [endpointId, free] of freeOf) if (free === 0) waitingFor.add(endpointId);
    for (const [endpointId, count] of taken) {
      if (count >= (freeOf.get(endpointId) ?? options.perEndpoint)) waitingFor.add(endpointId);
    }
    leftAny = claimed.length >= limit;
    if (claimed.length >= limit && slots.free === 0) fullSince ??= Date.now();
    else fullSince = undefined;
  }

  return {
    takeSoon: takes.wake,

    queuedDueNow() {
      if (fullSince !== undefined && Date.now() - fullSince >= options.overflowAfterMs) return undefined;
      return gates.slowEndpoints();
    },

    async stop() {
      clearTimeout(delayedTake);
      await takes.stop();
      while (sending.size > 0) await Promise.allSettled([...sending]);
    },
  };
}
