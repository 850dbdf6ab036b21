/** What an attempt may do now: send, or go back to the queue for a while. */
export type Admission = { send: true } | { send: false; retryInMs: number };

interface Gate {
  sending: number;
  waiting: (() => void)[];
  /** Moving average of recent attempt durations, in ms. */
  averageMs: number;
  /** When the last attempt sent back to the queue will get its turn, at the slow pace. */
  nextTurnAt: number;
}

/** How far ahead a slow endpoint's attempt may be sent back: then it is looked at again. */
const maxRetryInMs = 10 * 60_000;

/**
 * Per-endpoint concurrency within one worker process. A responsive endpoint sends at most
 * `perEndpoint` attempts at once, a slow one (recent attempts averaging `slowMs` or more) at most
 * `perSlowEndpoint`. Beyond that, an attempt to a responsive endpoint waits here for a free slot
 * (it will be quick, and waiting costs no queue round trip); an attempt to a slow endpoint goes
 * back to the queue for about as long as its turn would take, so that a slow or dead endpoint
 * never holds the process's slots that other endpoints need.
 */
export class EndpointGates {
  readonly #gates = new Map<string, Gate>();
  readonly #perEndpoint: number;
  readonly #perSlowEndpoint: number;
  readonly #slowMs: number;

  constructor(options: { perEndpoint: number; perSlowEndpoint: number; slowMs: number }) {
    this.#perEndpoint = options.perEndpoint;
    this.#perSlowEndpoint = options.perSlowEndpoint;
    this.#slowMs = options.slowMs;
  }

  #isSlow(gate: Gate): boolean {
    return gate.averageMs >= this.#slowMs;
  }

  #gate(endpointId: string): Gate {
    let gate = this.#gates.get(endpointId);
    if (!gate) {
      gate = { sending: 0, waiting: [], averageMs: 0, nextTurnAt: 0 };
      this.#gates.set(endpointId, gate);
    }
    return gate;
  }

  async admit(endpointId: string): Promise<Admission> {
    const gate = this.#gate(endpointId);
    for (;;) {
      const slow = this.#isSlow(gate);
      if (gate.sending < (slow ? this.#perSlowEndpoint : this.#perEndpoint)) {
        gate.sending += 1;
        return { send: true };
      }
      if (slow) {
        // Turns handed out one after another at the pace the endpoint answers: its backlog goes
        // back to the queue once, spread out, instead of coming back all together.
        const now = Date.now();
        gate.nextTurnAt = Math.max(gate.nextTurnAt, now) + gate.averageMs / this.#perSlowEndpoint;
        return {
          send: false,
          retryInMs: Math.min(maxRetryInMs, Math.max(1_000, Math.round(gate.nextTurnAt - now))),
        };
      }
      await new Promise<void>((resolve) => gate.waiting.push(resolve));
    }
  }

  /**
   * Admits an attempt at once, even beyond the limit: one the local hand-off has already claimed
   * within the room `room()` gave it, which a queued attempt may have taken meanwhile. A claimed
   * attempt must not wait, or its lease could run out before it is sent.
   */
  occupy(endpointId: string): void {
    this.#gate(endpointId).sending += 1;
  }

  /**
   * The endpoints with attempts in this process and how many more each may send now (attempts
   * waiting for a slot come first); any other endpoint may send `perEndpoint`.
   */
  room(): { endpointId: string; free: number }[] {
    return [...this.#gates].map(([endpointId, gate]) => ({
      endpointId,
      free: Math.max(
        0,
        (this.#isSlow(gate) ? this.#perSlowEndpoint : this.#perEndpoint) - gate.sending - gate.waiting.length,
      ),
    }));
  }

  /** The endpoints this process finds slow: their excess goes through the queue, spread out. */
  slowEndpoints(): string[] {
    return [...this.#gates].filter(([, gate]) => this.#isSlow(gate)).map(([endpointId]) => endpointId);
  }

  /** Ends an admitted attempt; `durationMs` when it was sent (a skipped one says nothing). */
  release(endpointId: string, durationMs?: number): void {
    const gate = this.#gate(endpointId);
    gate.sending -= 1;
    if (durationMs !== undefined) {
      gate.averageMs = gate.averageMs === 0 ? durationMs : gate.averageMs * 0.8 + durationMs * 0.2;
    }
    // Attempts waiting for a slow endpoint look again now: most go back to the queue.
    if (this.#isSlow(gate)) for (const wake of gate.waiting.splice(0)) wake();
    else gate.waiting.shift()?.();
    if (gate.sending === 0 && gate.waiting.length === 0 && !this.#isSlow(gate)) {
      this.#gates.delete(endpointId);
    }
  }

  /** Attempts sending now, per endpoint with any (for tests and metrics). */
  sending(endpointId: string): number {
    return this.#gates.get(endpointId)?.sending ?? 0;
  }
}
